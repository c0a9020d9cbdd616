import { UserError } from '../../../input/user-error.js';
import type { SlotGrammar } from '../types.js';
import { checkDni, dniCandidates } from './dni.js';
import { cleanDocNumber } from './foreign-doc.js';
import { matched } from './shared.js';

/** A person's identity document as a driver gives it: a DNI, or a foreigner's card number. */
export interface PersonId {
  readonly kind: 'dni' | 'card';
  readonly number: string;
}

/** A foreigner's card as drivers carry it: 8 to 12 letters or digits (CE, CEE, CI, passport). */
const CARD = /^[0-9A-Z]{8,12}$/u;
const DIGIT = /\d/u;

/**
 * `person-id`: the first identity document of a line (a driver's): a DNI in any grouping, with
 * its check character if given (`person-id-dni` and the DNI rule), or a card of 8–12 letters and
 * digits (`person-id-card`). Anything else with digits is `invalid-person-id`. Several numbers are
 * not refused: a driver's line carries the document and then the phone.
 */
export const personIdGrammar: SlotGrammar<PersonId> = {
  name: 'person-id',
  find(tokens) {
    const [first] = dniCandidates(tokens);
    if (first === undefined) return undefined;
    const because = ['person-id-dni', first.rule];
    if (first.digits?.length === 8) {
      const checked = checkDni(first);
      const result =
        'error' in checked ? checked : { value: { kind: 'dni' as const, number: checked.value } };
      return matched(first.start, first.end, result, because);
    }
    const card = cleanDocNumber(first.digits ?? tokens[first.start]?.text ?? '');
    if (CARD.test(card) && DIGIT.test(card)) {
      return matched(first.start, first.end, { value: { kind: 'card', number: card } }, ['person-id-card']);
    }
    return matched(
      first.start,
      first.end,
      { error: new UserError('invalid-person-id', { valor: first.valor }) },
      ['person-id-invalid'],
    );
  },
};
