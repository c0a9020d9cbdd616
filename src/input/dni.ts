import { UserError } from './user-error.js';
import { assertSingle, digitCount, echo, pickToken, tokens } from './args.js';

const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const NUMERIC = '65432110987';
const LETTERS = 'KJIHGFEDCBA';

/** The DNI's verification character (peru-domain.md): numeric and letter forms. */
export function dniCheckDigit(dni: string): { digit: string; letter: string } {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(dni[i]) * WEIGHTS[i]!;
  const c = sum % 11;
  return { digit: NUMERIC[c]!, letter: LETTERS[c]! };
}

/** True for exactly 8 digits (the API's own rule for /dni and /dni-ruc). */
export function isValidDni(dni: string): boolean {
  return /^\d{8}$/u.test(dni);
}

const CHECK_APART = /^(\d{8})(?: ?- ?| )([0-9A-Za-z])$/u;

/** `45678912 K`, `45678912 - 4`: a DNI with its check character apart, a request (not chatter). */
export function looksLikeDniWithCheck(raw: string): boolean {
  return CHECK_APART.test(tokens(raw).join(' '));
}

/**
 * Validates a DNI typed in chat. Also accepts the printed form with its verification character
 * (`45678912-2`, also apart: `45678912 - 2`, `45678912 K`), checking that character. Two numbers (`45678912 41234567`) are refused.
 * Throws UserError: dni-missing, invalid-dni, invalid-dni-check, one-at-a-time.
 */
export function parseDni(raw: string): string {
  // Digits grouped as people read them aloud: `45 678 912`.
  const groups = tokens(raw);
  if (groups.length > 1 && groups.every((word) => /^\d{1,3}$/u.test(word)) && groups.join('').length === 8) {
    raw = groups.join('');
  }
  // The check character written apart: `45678912 - 4`, `45678912 4`, `45678912 K`.
  const apart = CHECK_APART.exec(tokens(raw).join(' '));
  if (apart) raw = `${apart[1]}-${apart[2]}`;
  assertSingle(
    tokens(raw).filter((word) => digitCount(word) >= 8),
    'un DNI',
  );
  const picked = pickToken(raw);
  if (picked === '') throw new UserError('dni-missing');
  // People write 45.678.912 too; the dots carry nothing.
  const token = /^[\d.]+(-[0-9A-Za-z])?$/u.test(picked) ? picked.replace(/\./gu, '') : picked;
  const valor = echo(picked);
  const withCheck = /^(\d{8})-([0-9A-Za-z])$/u.exec(token);
  if (withCheck) {
    const dni = withCheck[1]!;
    const given = withCheck[2]!.toUpperCase();
    const { digit, letter } = dniCheckDigit(dni);
    if (given !== digit && given !== letter) throw new UserError('invalid-dni-check', { valor });
    return dni;
  }
  if (!isValidDni(token)) {
    throw new UserError('invalid-dni', { valor, digitos: /^\d+$/u.test(token) ? token.length : 0 });
  }
  return token;
}

/**
 * The DNI behind a `licencia` argument: a DNI, or a licence number made of one letter plus the
 * DNI (`Q41234567`), which is how Peruvian licences are numbered.
 */
export function parseLicenceDni(raw: string): string {
  assertSingle(
    tokens(raw).filter((word) => digitCount(word) >= 8),
    'una licencia',
  );
  const token = pickToken(raw);
  const fromLicence = /^[A-Za-z](\d{8})$/u.exec(token);
  return fromLicence ? fromLicence[1]! : parseDni(raw);
}
