import { UserError, echo } from '../../../errors/user-error.js';
import type { Token } from '../../tokenize.js';
import type { SlotGrammar, SlotResult } from '../types.js';
import { holdsDigits, matched, pickOne } from './shared.js';

/** Foreign identity documents: carné de extranjería, carné especial, cédula de identidad. */
export type ForeignDocType = 'CE' | 'CEE' | 'CI';

/**
 * Shortest CE/CEE/CI number taken as typed on purpose: real numbers have 9–12 characters, while
 * `cedula 1 copia` or `carnet 123` is chatter that must not spend a credit.
 */
const FOREIGN_DOC_MIN_UNADDRESSED = 6;

/** No public check digit: 1–15 letters or digits (peru-domain.md). */
const FOREIGN_DOC = /^[0-9A-Z]{1,15}$/u;

/** The number without the dots and hyphens people put in it, uppercased (`001-234-567`). */
export const cleanDocNumber = (text: string) => text.replace(/[-.]/gu, '').toUpperCase();

/** Why a typed number can never be a CE/CEE/CI of `tipo`, or the number. */
function checkForeignDoc(text: string, tipo: ForeignDocType): SlotResult<string> {
  const number = cleanDocNumber(text);
  if (number === '') return { error: new UserError('foreign-doc-missing', { tipo }) };
  if (!FOREIGN_DOC.test(number))
    return { error: new UserError('invalid-foreign-doc', { tipo, valor: echo(text) }) };
  return { value: number };
}

interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly valor: string;
  readonly length: number;
}

/** Numbers with digits, left to right. */
function candidates(tokens: readonly Token[]): Candidate[] {
  return tokens.flatMap((token, at) =>
    holdsDigits(token)
      ? [{ start: at, end: at + 1, valor: token.text, length: cleanDocNumber(token.text).length }]
      : [],
  );
}

/**
 * `ce`/`cee`/`ci`: the number of a foreign identity document of `tipo` (`001234567`,
 * `001-234-567`). Rules: `foreign-doc-number` (`weak` under 6 characters); `<tipo>-several` for
 * two numbers of 6+ characters.
 */
export function foreignDocGrammar(tipo: ForeignDocType): SlotGrammar<string> {
  return {
    name: tipo.toLowerCase(),
    find(tokens) {
      const picked = pickOne(
        candidates(tokens),
        tipo,
        (candidate) => candidate.length >= FOREIGN_DOC_MIN_UNADDRESSED,
      );
      if (picked === undefined) return undefined;
      if ('several' in picked) return picked.several;
      const { candidate } = picked;
      const found = matched(candidate.start, candidate.end, checkForeignDoc(candidate.valor, tipo), [
        'foreign-doc-number',
      ]);
      // `carnet 123`, `cedula 1 copia`: too short for a real card, acted on only when addressed.
      return candidate.length < FOREIGN_DOC_MIN_UNADDRESSED ? { ...found, weak: true } : found;
    },
  };
}
