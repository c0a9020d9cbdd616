import { UserError } from './user-error.js';
import { assertSingle, digitCount, echo, tokens } from './args.js';

/** Prefixes the tax authority hands out: 10 persons, 15/16/17 special cases, 20 companies. */
export const RUC_PREFIXES: readonly string[] = ['10', '15', '16', '17', '20'];

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Check digit of the first 10 digits (peru-domain.md): `(11 - sum % 11) % 10`. */
export function rucCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * WEIGHTS[i]!;
  return (11 - (sum % 11)) % 10;
}

/** True for an 11-digit RUC with a known prefix and a correct check digit. */
export function isValidRuc(ruc: string): boolean {
  return (
    /^\d{11}$/u.test(ruc) && RUC_PREFIXES.includes(ruc.slice(0, 2)) && rucCheckDigit(ruc) === Number(ruc[10])
  );
}

/**
 * Validates a RUC typed in chat before any API call. Accepts separators inside the number
 * (`20-12345678-6`, `20.123.456.786`, `20 123 456 786`) and sentence punctuation after it
 * (`20123456786?`). Two numbers (`20123456786 20601234565`) are refused, one per message.
 * Throws UserError: ruc-missing, invalid-ruc-format, invalid-ruc-length, invalid-ruc-prefix,
 * invalid-ruc-check, one-at-a-time.
 */
export function parseRuc(raw: string): string {
  const words = tokens(raw);
  if (words.length === 0) throw new UserError('ruc-missing');
  assertSingle(
    words.filter((word) => digitCount(word) >= 8),
    'un RUC',
  );
  const numeric = words.every((word) => /^[\d.-]+$/u.test(word));
  const picked = numeric ? words.join('') : (words.find((word) => /\d/u.test(word)) ?? words[0] ?? '');
  const candidate = /^[\d.-]+$/u.test(picked) ? picked.replace(/[.-]/gu, '') : picked;
  if (candidate === '') throw new UserError('ruc-missing');
  const valor = echo(candidate);
  if (!/^\d+$/u.test(candidate)) throw new UserError('invalid-ruc-format', { valor });
  if (candidate.length !== 11) {
    throw new UserError('invalid-ruc-length', { valor, digitos: candidate.length });
  }
  const prefijo = candidate.slice(0, 2);
  if (!RUC_PREFIXES.includes(prefijo)) throw new UserError('invalid-ruc-prefix', { valor, prefijo });
  if (rucCheckDigit(candidate) !== Number(candidate[10])) throw new UserError('invalid-ruc-check', { valor });
  return candidate;
}
