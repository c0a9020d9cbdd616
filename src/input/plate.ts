import { UserError } from './user-error.js';
import { assertSingle, digitCount, echo, pickToken, tokens } from './args.js';

/** The tax authority's own plate check (peru-domain.md). */
export const PLATE_PATTERN = /^(?!0+$)[0-9A-Z]{6,8}$/u;

/** `abc-123` → `ABC123`: strips hyphens and spaces, uppercases. */
export function normalizePlate(raw: string): string {
  return raw.replace(/[\s\u2010-\u2015-]/gu, '').toUpperCase();
}

/**
 * A plate worth a paid lookup: the tax authority's pattern (6–8 letters and digits) with at least
 * 3 digits, which every Peruvian format has (ABC123, A1B234, AB1234, 1234-5A, ABC1234). So words
 * such as `2VECES` or `ABCDEF` never reach the API.
 */
export function isPlausiblePlate(plate: string): boolean {
  return PLATE_PATTERN.test(plate) && digitCount(plate) >= 3;
}

/**
 * Validates a plate typed in chat: `ABC123`, `abc-123`, `ABC 123`, or the plate inside a short
 * phrase (`del camión abc-123`). Two tokens are joined only when together they make a plausible
 * plate (`ABC 123`); two plates (`abc123 b7x456`) are refused, one per message.
 * Throws UserError: plate-missing, invalid-plate, one-at-a-time.
 */
export function parsePlate(raw: string): string {
  const words = tokens(raw)
    .map(normalizePlate)
    .filter((word) => word !== '');
  if (words.length === 0) throw new UserError('plate-missing');
  // Two short parts make one plate (`ABC 123`, `C3X - 918`); `DE C3X918` does not.
  if (words.length <= 2 && words.every((word) => word.length <= 4)) {
    const joined = words.join('');
    if (isPlausiblePlate(joined)) return joined;
  }
  const plates = words.filter(isPlausiblePlate);
  assertSingle(plates, 'una placa');
  if (plates[0] !== undefined) return plates[0];
  throw new UserError('invalid-plate', { valor: echo(pickToken(raw)) });
}
