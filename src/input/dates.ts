import { UserError } from './user-error.js';
import { currentPeriod, limaDate } from '../time/lima.js';
import { echo, tokens } from './args.js';
import { type DayParts, spokenDate, spokenPeriod } from './date-words.js';

/**
 * Extra non-working days (`yyyy-mm-dd`, config `scheduler.holidays`) for `último día hábil`,
 * beside Peru's national ones. Set once at start-up (app.ts): commands call `parseDate` with the
 * clock only, and the language layer reads them from `GrammarContext.holidays`.
 */
let configuredHolidays: readonly string[] = [];

/** Makes the configured holidays count in dates typed in chat (see `configuredHolidays`). */
export function useHolidays(dates: readonly string[]): void {
  configuredHolidays = [...dates];
}

import { MIN_DATE, MIN_PERIOD } from '../language/grammars/registry.js';

export { MIN_DATE, MIN_PERIOD };

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

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-20` → `20/11/2026` for error replies. */
function display(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
}

/**
 * A date typed in chat → `yyyy-mm-dd`: empty (today), numeric (`2026-11-20`, `20/11/2026`,
 * `20-11-26`, `20/11` this year in Lima) or spoken (the date grammar of src/language: `antier`,
 * `el lunes`, `3 d noviembre`, `el 1ra de noviembre`, `hace 2 días`, `ayer 8h30`, `mañana`);
 * `último día hábil` counts the configured holidays. Words that are no part of a date make the whole
 * line unreadable (`!tc 3 personas`): an error costs nothing, a guess costs a credit.
 * Not in the future (Lima), not before MIN_DATE.
 * Throws UserError: invalid-date (also a weekday the day is not: `viernes 21`), date-future, date-too-old.
 */
export function parseDate(raw: string, now: Date, holidays: readonly string[] = configuredHolidays): string {
  const today = limaDate(now);
  if (tokens(raw).length === 0) return today;
  const spoken = spokenDate(raw, today, holidays);
  if (spoken === undefined || spoken.kind === 'mismatch') {
    throw new UserError('invalid-date', { valor: echo(raw) });
  }
  return checkedDate(raw, spoken.parts, today);
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
 * A period typed in chat → `yyyy-MM`: empty (current Lima month), numeric (`2026-10`, `10/2026`,
 * `10-26`, a bare month `10` this year in Lima) or spoken (the period grammar: `setiembre 2025`,
 * `mes pasado`, `octubre del año pasado`, `hace 2 meses`). Month 01–12, not after the current
 * month, not before 2000. Words that are no part of a period make the line unreadable.
 * Throws UserError: invalid-period, period-future, period-too-old.
 */
export function parsePeriod(raw: string, now: Date): string {
  const current = currentPeriod(now);
  if (tokens(raw).length === 0) return current;
  const spoken = spokenPeriod(raw, current);
  if (spoken === undefined || spoken.month < 1 || spoken.month > 12) {
    throw new UserError('invalid-period', { valor: echo(raw) });
  }
  const { year, month } = spoken;
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
