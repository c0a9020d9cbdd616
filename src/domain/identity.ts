import { UserError } from '../bot/user-error.js';
import { echo, pickToken } from './args.js';

/** Foreign identity documents: carné de extranjería, carné especial, cédula de identidad. */
export type ForeignDocType = 'CE' | 'CEE' | 'CI';

/**
 * Validates a CE/CEE/CI number: 1–15 letters or digits (no public check digit), uppercased.
 * Throws UserError: foreign-doc-missing, invalid-foreign-doc (data carries `tipo`).
 */
export function parseForeignDoc(raw: string, tipo: ForeignDocType): string {
  const token = pickToken(raw).replace(/[-.]/gu, '').toUpperCase();
  if (token === '') throw new UserError('foreign-doc-missing', { tipo });
  if (!/^[0-9A-Z]{1,15}$/u.test(token)) {
    throw new UserError('invalid-foreign-doc', { tipo, valor: echo(pickToken(raw)) });
  }
  return token;
}
