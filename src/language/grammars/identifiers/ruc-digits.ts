/**
 * The RUC's own rules, with no imports: the prefixes and the check digit. Kept apart from the
 * RUC grammar (ruc.ts re-exports them) so that config validation, the padrón importer and the
 * sandbox check a RUC without loading the lexicon (30 MB and 160 ms at start-up).
 */

/** Prefixes the tax authority hands out: 10 persons, 15/16/17 special cases, 20 companies. */
export const RUC_PREFIXES: readonly string[] = ['10', '15', '16', '17', '20'];

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const ELEVEN_DIGITS = /^\d{11}$/u;

/** Check digit of the first 10 digits (peru-domain.md): `(11 - sum % 11) % 10`. */
export function rucCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * WEIGHTS[i]!;
  return (11 - (sum % 11)) % 10;
}

/** True for an 11-digit RUC with a known prefix and a correct check digit. */
export function isValidRuc(ruc: string): boolean {
  return (
    ELEVEN_DIGITS.test(ruc) &&
    RUC_PREFIXES.includes(ruc.slice(0, 2)) &&
    rucCheckDigit(ruc) === Number(ruc[10])
  );
}
