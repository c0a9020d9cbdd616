/**
 * es-PE formats for chat replies, registered as template filters. Written by hand (not Intl) so the
 * output is identical on every ICU build: Peru groups thousands with a comma and uses a decimal
 * point (S/ 1,234.50), writes dates dd/mm/yyyy and times in 24 h. test/render/format.test.ts
 * checks the hand-made output against Intl 'es-PE'.
 */
import { monthName } from '../language/index.js';
import { limaClockTime, limaDate } from '../time/lima.js';

type Input = unknown;

const isBlank = (v: Input): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Reads a number from a number or from upstream text: `1234.50`, `1 234` (space thousands, spec 2.7),
 * `1,234.50`. Returns undefined for anything else.
 */
export function toNumber(value: Input): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const compact = value.replace(/[\s\u00a0\u202f]/gu, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/u.test(compact)) return Number(compact.replace(/,/gu, ''));
  if (/^-?\d+(\.\d+)?$/u.test(compact)) return Number(compact);
  return undefined;
}

/** `1234567` → `1,234,567` (digits only, no sign). */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/gu, ',');
}

/** Fixed decimals with es-PE grouping; `decimals` undefined keeps the number's own decimals. */
function grouped(n: number, decimals?: number): string {
  const text = decimals === undefined ? String(Math.abs(n)) : Math.abs(n).toFixed(decimals);
  const [int = '0', frac] = text.split('.');
  const sign = n < 0 && Number(text) !== 0 ? '-' : '';
  return `${sign}${groupDigits(int)}${frac === undefined ? '' : `.${frac}`}`;
}

/** `1234.5` → `S/ 1,234.50`. Non-numeric input is returned as text; empty as ''. */
export function soles(value: Input): string {
  if (isBlank(value)) return '';
  const n = toNumber(value);
  if (n === undefined) return String(value);
  return n < 0 ? `-S/ ${grouped(-n, 2)}` : `S/ ${grouped(n, 2)}`;
}

/** Thousands separators: `"1 234"` → `1,234`; optional fixed decimals. */
export function numero(value: Input, decimals?: number): string {
  if (isBlank(value)) return '';
  const n = toNumber(value);
  if (n === undefined) return String(value);
  return grouped(n, typeof decimals === 'number' ? decimals : undefined);
}

/** Exchange rates carry three decimals: `3.7` → `3.700`. */
export function tasa(value: Input): string {
  return numero(value, 3);
}

/** A value already in percent, two decimals: `1.47` → `1.47%`. */
export function pct(value: Input): string {
  if (isBlank(value)) return '';
  const n = toNumber(value);
  return n === undefined ? String(value) : `${grouped(n, 2)}%`;
}

/** `2026-11-20`, `2026-11-20T08:30:00`, `20/11/2026`, `20261120` or a Date → `20/11/2026`. */
export function fecha(value: Input): string {
  if (isBlank(value)) return '';
  if (value instanceof Date) return fecha(limaDate(value));
  const text = String(value).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/u.exec(text);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const compact = /^(\d{4})(\d{2})(\d{2})$/u.exec(text);
  if (compact) return `${compact[3]}/${compact[2]}/${compact[1]}`;
  return text;
}

/** ISO local timestamp (no zone, as the API sends) → `20/11/2026 08:30`; a Date in Lima time. */
export function fechahora(value: Input): string {
  if (isBlank(value)) return '';
  if (value instanceof Date) return `${fecha(value)} ${limaClockTime(value)}`;
  const text = String(value).trim();
  const stamp = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/u.exec(text);
  if (stamp) return `${stamp[3]}/${stamp[2]}/${stamp[1]} ${stamp[4]}:${stamp[5]}`;
  return fecha(text);
}

/** Tax periods: `2025-11` or `2025 - 11` (spec 2.8) → `11/2025`. */
export function periodo(value: Input): string {
  if (isBlank(value)) return '';
  const text = String(value).trim();
  const match = /^(\d{4})\s*-\s*(\d{1,2})$/u.exec(text);
  return match ? `${match[2]!.padStart(2, '0')}/${match[1]}` : text;
}

/** `2026-11` or a Date (Lima) → `noviembre 2026` (Peru writes "setiembre"). */
export function mes(value: Input): string {
  if (isBlank(value)) return '';
  const text = value instanceof Date ? limaDate(value) : String(value).trim();
  const match = /^(\d{4})-(\d{2})/u.exec(text);
  const name = match ? monthName(Number(match[2])) : undefined;
  return match && name ? `${name} ${match[1]}` : text;
}

/** The first `max` items of a list (non-lists become []). */
export function limitList(list: Input, max: number): unknown[] {
  return Array.isArray(list) ? list.slice(0, Math.max(0, max)) : [];
}

/** How many items `limitList` left out: the N of "… y N más". */
export function remaining(list: Input, max: number): number {
  return Array.isArray(list) ? Math.max(0, list.length - Math.max(0, max)) : 0;
}

/**
 * Final touch on every rendered reply: no trailing spaces, no runs of blank lines (empty fields
 * leave holes), no leading/trailing blank lines.
 */
export function tidy(text: string): string {
  // Each pass only where it has something to do (a reply is tidied on every send).
  const lines = text.includes('\r') ? text.replace(/\r\n?/gu, '\n') : text;
  const ends = /[ \t\u00a0]$/mu.test(lines) ? lines.replace(/[ \t\u00a0]+$/gmu, '') : lines;
  return (ends.includes('\n\n\n') ? ends.replace(/\n{3,}/gu, '\n\n') : ends).trim();
}
