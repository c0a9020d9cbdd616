import { UserError } from './user-error.js';
import {
  checkForeignDoc,
  cleanDocNumber,
  FOREIGN_DOC_MIN_UNADDRESSED,
  type ForeignDocType,
  foreignDocGrammar,
} from '../language/grammars/identifiers/foreign-doc.js';
import {
  holdsDigits,
  isContent,
  NO_CONTEXT,
  readLine,
  valueOrThrow,
} from '../language/grammars/identifiers/shared.js';

export {
  FOREIGN_DOC_MIN_UNADDRESSED,
  type ForeignDocType,
} from '../language/grammars/identifiers/foreign-doc.js';

/** Most words an unaddressed CE/CEE/CI request has (`CE N° 001234567`). */
const MAX_WORDS = 4;
const LETTER = /\p{L}/u;

/**
 * "Is this an attempt?" for an unaddressed `ce`/`cee`/`ci`: at most 4 words, the number holds a
 * digit and at least 6 characters, and no plain word follows it (`carnet 123 vencido` is chatter).
 */
export function looksLikeForeignDoc(rawArgs: string): boolean {
  const words = readLine(rawArgs).filter(isContent);
  const at = words.findIndex(holdsDigits);
  const number = words[at];
  return (
    words.length <= MAX_WORDS &&
    number !== undefined &&
    cleanDocNumber(number.text).length >= FOREIGN_DOC_MIN_UNADDRESSED &&
    words.slice(at + 1).every((word) => holdsDigits(word) || !LETTER.test(word.text))
  );
}

/**
 * Validates a CE/CEE/CI number through its grammar: 1–15 letters or digits (no public check
 * digit), uppercased. A line without digits is read as the number itself (`parseForeignDoc('ab')`).
 * Throws UserError: foreign-doc-missing, invalid-foreign-doc (data carries `tipo`), one-at-a-time.
 */
export function parseForeignDoc(raw: string, tipo: ForeignDocType): string {
  const tokens = readLine(raw);
  const found = foreignDocGrammar(tipo).find(tokens, NO_CONTEXT);
  if (found) return valueOrThrow(found);
  const first = tokens.find(isContent);
  if (first === undefined) throw new UserError('foreign-doc-missing', { tipo });
  const checked = checkForeignDoc(first.text, tipo);
  if ('error' in checked) throw checked.error;
  return checked.value;
}
