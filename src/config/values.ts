/**
 * Small value rules shared by the environment and file parsers: phone numbers, the WhatsApp Web
 * version triple and the RUC check digit. Kept here so config validation needs no other module.
 */

/**
 * Normalises a phone number to digits with country code (`+51 987 654 321` → `51987654321`).
 * A bare 9-digit Peruvian mobile (starts with 9) gets the 51 prefix. undefined when not a number.
 */
export function normalizePhone(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (/^9\d{8}$/.test(digits)) digits = `51${digits}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined;
}

/** Parses `2.3000.1027934701` into the triple Baileys' `version` option takes. */
export function parseWaVersion(raw: string): [number, number, number] | undefined {
  const match = /^(\d{1,6})\.(\d{1,6})\.(\d{1,12})$/.exec(raw.trim());
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** True for an 11-digit RUC whose check digit is right (peru-domain notes). */
export function isValidRuc(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(ruc[i]) * (RUC_WEIGHTS[i] ?? 0);
  return (11 - (sum % 11)) % 10 === Number(ruc[10]);
}

/** Keeps the last digits of a phone or document only, for summaries and messages. */
export function maskTail(value: string, visible = 3): string {
  if (value.length <= visible) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - visible)}${value.slice(-visible)}`;
}
