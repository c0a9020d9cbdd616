import { UserError } from './user-error.js';
import { assertSingle, echo, endsAtIdentifier, hasDigit, pickToken, tokens } from './args.js';

/** Foreign identity documents: carné de extranjería, carné especial, cédula de identidad. */
export type ForeignDocType = 'CE' | 'CEE' | 'CI';

/**
 * Shortest CE/CEE/CI number taken as a lookup without a prefix or mention: real numbers have 9–12
 * characters, while `cedula 1 copia` or `carnet 123` is chatter that must not spend a credit.
 */
export const FOREIGN_DOC_MIN_UNADDRESSED = 6;

const clean = (token: string) => token.replace(/[-.]/gu, '');

/**
 * "Is this an attempt?" for an unaddressed `ce`/`cee`/`ci`: at most 4 words, the number holds a
 * digit and at least 6 characters, and no plain word follows it (`carnet 123 vencido` is chatter).
 */
export function looksLikeForeignDoc(rawArgs: string): boolean {
  const words = tokens(rawArgs);
  const number = words.find(hasDigit);
  return (
    words.length <= 4 &&
    number !== undefined &&
    clean(number).length >= FOREIGN_DOC_MIN_UNADDRESSED &&
    endsAtIdentifier(words)
  );
}

/**
 * Validates a CE/CEE/CI number: 1–15 letters or digits (no public check digit), uppercased.
 * Throws UserError: foreign-doc-missing, invalid-foreign-doc (data carries `tipo`), one-at-a-time.
 */
export function parseForeignDoc(raw: string, tipo: ForeignDocType): string {
  const numbers = tokens(raw).filter(
    (word) => hasDigit(word) && clean(word).length >= FOREIGN_DOC_MIN_UNADDRESSED,
  );
  assertSingle(numbers, tipo === 'CI' ? 'una cédula' : 'un carné');
  const token = pickToken(raw).replace(/[-.]/gu, '').toUpperCase();
  if (token === '') throw new UserError('foreign-doc-missing', { tipo });
  if (!/^[0-9A-Z]{1,15}$/u.test(token)) {
    throw new UserError('invalid-foreign-doc', { tipo, valor: echo(pickToken(raw)) });
  }
  return token;
}
