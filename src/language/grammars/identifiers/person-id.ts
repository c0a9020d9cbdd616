import { UserError } from '../../../errors/user-error.js';
import type { SlotGrammar, SlotMatch } from '../types.js';
import { checkDni, type DniCandidate, dniCandidates } from './dni.js';
import { cleanDocNumber } from './foreign-doc.js';
import { digitCount, matched } from './shared.js';

/** A foreigner's card as drivers carry it: 8 to 12 letters or digits (CE, CEE, CI, passport). */
const CARD = /^[0-9A-Z]{8,12}$/u;
const DIGIT = /\d/u;
/** Digits of a person's number (a DNI, a card; `4123456` is a mistyped DNI): fewer are something else's (`ABC-123`). */
const PERSON_DIGITS = 7;

/**
 * `person-id`: the first identity document of a line (a driver's), as its number: a DNI in any
 * grouping, with its check character if given (`person-id-dni` and the DNI rule), or a card of
 * 8–12 letters and digits, uppercased (`person-id-card`). Anything else with digits is `invalid-person-id`. Several numbers are
 * not refused: a driver's line carries the document and then the phone.
 */
const digitsOf = (candidate: DniCandidate) => candidate.digits?.length ?? digitCount(candidate.valor);

export const personIdGrammar: SlotGrammar<string> = {
  name: 'person-id',
  find(tokens) {
    // The document comes first (`chofer 4123… 987…`); a line with no person number at all
    // (7 digits or more) is weak: `chofer del camión 12` is no attempt.
    // A plate or a reference (`ABC-123`, `T001-43`) is no person's number.
    const candidates = dniCandidates(tokens).filter(
      (c) => digitsOf(c) >= PERSON_DIGITS || tokens.slice(c.start, c.end).every((t) => t.shape === 'number'),
    );
    const first = candidates[0];
    if (first === undefined) return undefined;
    const weak = !candidates.some((candidate) => digitsOf(candidate) >= PERSON_DIGITS);
    const read = (): SlotMatch<string> => {
      if (first.digits?.length === 8) {
        return matched(first.start, first.end, checkDni(first), ['person-id-dni', first.rule]);
      }
      const card = cleanDocNumber(first.digits ?? tokens[first.start]?.text ?? '');
      if (CARD.test(card) && DIGIT.test(card)) {
        return matched(first.start, first.end, { value: card }, ['person-id-card']);
      }
      const error = new UserError('chofer-documento', { valor: first.valor });
      return matched(first.start, first.end, { error }, ['person-id-invalid']);
    };
    return weak ? { ...read(), weak: true } : read();
  },
};
