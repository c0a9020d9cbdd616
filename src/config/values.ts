/**
 * Small value rules shared by the environment and file parsers: phone numbers and the WhatsApp
 * Web version triple (the RUC's check digit is the language layer's, ruc-digits.ts).
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

/** Keeps the last digits of a phone or document only, for summaries and messages. */
export function maskTail(value: string, visible = 3): string {
  if (value.length <= visible) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - visible)}${value.slice(-visible)}`;
}
