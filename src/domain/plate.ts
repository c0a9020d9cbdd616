import { UserError } from '../bot/user-error.js';
import { echo, pickToken } from './args.js';

/** The tax authority's own plate check (peru-domain.md). */
export const PLATE_PATTERN = /^(?!0+$)[0-9A-Z]{6,8}$/u;

/** `abc-123` → `ABC123`: strips hyphens and spaces, uppercases. */
export function normalizePlate(raw: string): string {
  return raw.replace(/[\s-]/gu, '').toUpperCase();
}

/**
 * Validates a plate typed in chat: `ABC123`, `abc-123`, `ABC 123`, or the plate inside a short
 * phrase (`del camión abc-123`). Throws UserError: plate-missing, invalid-plate.
 */
export function parsePlate(raw: string): string {
  const whole = normalizePlate(raw);
  if (whole === '') throw new UserError('plate-missing');
  if (PLATE_PATTERN.test(whole)) return whole;
  const token = normalizePlate(pickToken(raw));
  if (PLATE_PATTERN.test(token)) return token;
  throw new UserError('invalid-plate', { valor: echo(pickToken(raw)) });
}
