import { UserError } from './user-error.js';
import { addDays, currentPeriod, limaDate } from '../time/lima.js';
import { fold } from '../text/fold.js';
import { echo, pickToken, tokens } from './args.js';
import { type DayParts, spokenDate, spokenPeriod } from './date-words.js';

/**
 * The first day with its own published exchange rate: rates start in 2000, but 2000-01-01 is a
 * holiday and 2000-01-02 a Sunday, so asking for them would be answered with a 1999 rate.
 */
export const MIN_DATE = '2000-01-03';
/** Nothing the lookup API serves predates this. */
export const MIN_PERIOD = '2000-01';

/** `dd/MM/yyyy` (licence dates) or `yyyy-MM-dd` → `yyyy-MM-dd`; undefined when neither. */
export function toIsoDate(text: string): string | undefined {
  const local = /^(\d{2})\/(\d{2})\/(\d{4})$/u.exec(text.trim());
  if (local) return `${local[3]}-${local[2]}-${local[1]}`;
  return /^\d{4}-\d{2}-\d{2}$/u.test(text.trim()) ? text.trim() : undefined;
}

/** True when y-m-d is a real calendar day (rejects 2026-02-30). */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const RELATIVE = new Map<string, number>([
  ['hoy', 0],
  ['ayer', -1],
  ['anteayer', -2],
]);

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-20` → `20/11/2026` for error replies. */
function display(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
}

/**
 * A date typed in chat → `yyyy-mm-dd`: empty (today), `hoy`, `ayer`, `anteayer`, `2026-11-20`,
 * `20/11/2026` (also `20-11-2026`, `20/11/26`), `20/11` (this year in Lima), or spoken (date-words.ts:
 * `antier`, `el lunes`, `20 de noviembre`, `mañana`). Not in the future
 * (Lima), not before MIN_DATE.
 * Throws UserError: invalid-date, date-future, date-too-old.
 */
export function parseDate(raw: string, now: Date): string {
  const words = tokens(fold(raw));
  const today = limaDate(now);
  const spoken = spokenDate(words, today);
  if (spoken) return checkedDate(raw, spoken, today);
  const text = words.find((w) => RELATIVE.has(w) || /\d/u.test(w)) ?? words.join(' ');
  if (text === '') return today;
  const offset = RELATIVE.get(text);
  if (offset !== undefined) return addDays(today, offset);
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/u.exec(text);
  const local = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/u.exec(text);
  const dayMonth = /^(\d{1,2})[-/.](\d{1,2})$/u.exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (local) {
    const y = local[3]!;
    [day, month, year] = [Number(local[1]), Number(local[2]), y.length === 2 ? 2000 + Number(y) : Number(y)];
  } else if (dayMonth) {
    [day, month, year] = [Number(dayMonth[1]), Number(dayMonth[2]), Number(today.slice(0, 4))];
  } else {
    throw new UserError('invalid-date', { valor: echo(raw) });
  }
  return checkedDate(raw, { year, month, day }, today);
}

/** A real day, not after today in Lima and not before MIN_DATE, as `yyyy-mm-dd`. */
function checkedDate(raw: string, { year, month, day }: DayParts, today: string): string {
  if (!isRealDate(year, month, day)) throw new UserError('invalid-date', { valor: echo(raw) });
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (date > today) throw new UserError('date-future', { valor: display(date), hoy: display(today) });
  if (date < MIN_DATE)
    throw new UserError('date-too-old', { valor: display(date), minimo: display(MIN_DATE) });
  return date;
}

/**
 * A period typed in chat → `yyyy-MM`: empty (current Lima month), `2026-10`, `10/2026` (also
 * `10-2026`, `2026/10`), a bare month `10` (this year in Lima), or spoken (`setiembre 2025`, `mes pasado`). Month 01–12, not after the
 * current month, not before 2000.
 * Throws UserError: invalid-period, period-future, period-too-old.
 */
export function parsePeriod(raw: string, now: Date): string {
  const text = pickToken(raw);
  const current = currentPeriod(now);
  if (text === '') return current;
  let year: number;
  let month: number;
  const spoken = spokenPeriod(tokens(fold(raw)), current);
  const iso = /^(\d{4})[-/.](\d{1,2})$/u.exec(text);
  const local = /^(\d{1,2})[-/.](\d{4})$/u.exec(text);
  const monthOnly = /^\d{1,2}$/u.exec(text);
  if (spoken) ({ year, month } = spoken);
  else if (iso) [year, month] = [Number(iso[1]), Number(iso[2])];
  else if (local) [month, year] = [Number(local[1]), Number(local[2])];
  else if (monthOnly) [month, year] = [Number(monthOnly[0]), Number(current.slice(0, 4))];
  else throw new UserError('invalid-period', { valor: echo(raw) });
  if (month < 1 || month > 12) throw new UserError('invalid-period', { valor: echo(raw) });
  const period = `${year}-${pad(month)}`;
  const shown = `${pad(month)}/${year}`;
  if (period > current) {
    throw new UserError('period-future', {
      valor: shown,
      actual: `${current.slice(5)}/${current.slice(0, 4)}`,
    });
  }
  if (period < MIN_PERIOD) throw new UserError('period-too-old', { valor: shown });
  return period;
}
