import { addDays, daysInMonth, previousBusinessDay, weekdayOf } from '../time/lima.js';
import { type CalendarItem, type DateSpec, dateSpecOf, only } from './date-grammar.js';

/**
 * Dates and months as people say them (issue 11), resolved against today in Lima: the words are
 * read by date-tokens.ts and date-grammar.ts; this file gives them their meaning.
 * - `el lunes` and `el lunes pasado`: the latest Monday before today (on a Monday, a week ago:
 *   today is `hoy`); `este lunes` / `el lunes de esta semana`: this week's (weeks run Monday to
 *   Sunday), `el lunes de la semana pasada`: the week before's; `el próximo lunes`: ahead.
 * - A day without a month is this month (`el 5`, `del 3 de este mes`), without a year this year.
 * - A weekday beside a day must agree (`viernes 20`); when it does not, the line is a date that
 *   cannot be (`mismatch`), never a guess.
 * - Times of day are ignored: the exchange rate is daily.
 */

export interface DayParts {
  year: number;
  month: number;
  day: number;
}

export interface MonthParts {
  year: number;
  month: number;
}

/** A spoken date: a day, or a weekday that the named day does not fall on. */
export type SpokenDate = { kind: 'day'; parts: DayParts } | { kind: 'mismatch'; parts: DayParts };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = ({ year, month, day }: DayParts) => `${year}-${pad(month)}-${pad(day)}`;

function partsOf(isoDate: string): DayParts {
  return {
    year: Number(isoDate.slice(0, 4)),
    month: Number(isoDate.slice(5, 7)),
    day: Number(isoDate.slice(8)),
  };
}

function shiftMonths({ year, month }: MonthParts, months: number): MonthParts {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const isDigits = (item: CalendarItem | undefined, ...lengths: number[]) =>
  item?.kind === 'num' && lengths.includes(item.digits);
/** A day: typed (`20`), ordinal (`1ro`) or spelled (`veinte`), not the article `un`/`una`. */
const isDay = (item: CalendarItem | undefined) =>
  item?.kind === 'num' && item.digits <= 2 && item.article === undefined;
const yearOf = (item: CalendarItem): number =>
  item.kind === 'num' && item.digits === 2 ? 2000 + item.value : item.value;

interface CalendarParts {
  day?: number;
  month?: number;
  year?: number;
}

/** Day-first, month-first and year-first orders of a calendar run; undefined for any other shape. */
function calendarDate(items: readonly CalendarItem[]): CalendarParts | undefined {
  const [a, b, c, extra] = items;
  if (extra !== undefined || a === undefined) return undefined;
  const value = (item: CalendarItem) => item.value;
  // `2026-11-20`
  if (isDigits(a, 4) && isDigits(b, 1, 2) && isDigits(c, 1, 2) && b && c) {
    return { year: a.value, month: b.value, day: c.value };
  }
  // `nov 20`, `noviembre 20 2026`, `nov 2026`, `noviembre`
  if (a.kind === 'month') {
    if (b === undefined) return { month: a.value };
    if (isDigits(b, 4) && c === undefined) return { month: a.value, year: b.value };
    if (!isDay(b) || (c !== undefined && !isDigits(c, 2, 4))) return undefined;
    return { month: a.value, day: value(b), ...(c ? { year: yearOf(c) } : {}) };
  }
  // `20`, `20/11`, `20/11/26`, `20 nov`, `20-nov-2026`
  if (!isDay(a)) return undefined;
  if (b === undefined) return { day: a.value };
  if (b.kind !== 'month' && !isDigits(b, 1, 2)) return undefined;
  if (c !== undefined && !isDigits(c, 2, 4)) return undefined;
  return { day: a.value, month: b.value, ...(c ? { year: yearOf(c) } : {}) };
}

/** Month-level calendar runs for periods: `10`, `10/2026`, `10/26`, `2026-10`, `oct`, `oct 2026`. */
function calendarMonth(items: readonly CalendarItem[]): MonthParts | Pick<MonthParts, 'month'> | undefined {
  const [a, b, extra] = items;
  if (extra !== undefined || a === undefined) return undefined;
  if (isDigits(a, 4) && isDigits(b, 1, 2) && b) return { year: a.value, month: b.value };
  if (a.kind !== 'month' && !isDigits(a, 1, 2)) return undefined;
  if (b === undefined) return { month: a.value };
  return isDigits(b, 2, 4) ? { month: a.value, year: yearOf(b) } : undefined;
}

/** Monday of the week of `date` (weeks run Monday to Sunday). */
function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The latest `weekday` before today (`past`), this week's (`this`) or the next one (`next`). */
function weekdayDate(today: string, weekday: number, mod: DateSpec['weekday'], week?: number): string {
  const fromMonday = (weekday + 6) % 7;
  if (week !== undefined) return addDays(mondayOf(today), 7 * week + fromMonday);
  if (mod?.mod === 'this') return addDays(mondayOf(today), fromMonday);
  const gap = (weekdayOf(today) - weekday + 7) % 7;
  return mod?.mod === 'next' ? addDays(today, 7 - gap) : addDays(today, -(gap || 7));
}

/** The month a spec names beside its day: a name or number in the run, or `este mes`/`mes pasado`. */
function monthContext(spec: DateSpec, run: CalendarParts, today: DayParts): MonthParts | undefined {
  if (
    spec.month !== undefined &&
    (run.month !== undefined || run.year !== undefined || spec.year !== undefined)
  ) {
    return undefined;
  }
  if (spec.year !== undefined && (run.year !== undefined || run.month === undefined)) return undefined;
  if (spec.month !== undefined) return shiftMonths(today, spec.month);
  const year = run.year ?? (spec.year === undefined ? today.year : today.year + spec.year);
  return { year, month: run.month ?? today.month };
}

function agrees(date: string, spec: DateSpec): SpokenDate {
  const parts = partsOf(date);
  const wrong = spec.weekday !== undefined && weekdayOf(date) !== spec.weekday.value;
  return { kind: wrong ? 'mismatch' : 'day', parts };
}

/**
 * Words that look ahead (`mañana`, `el próximo lunes`, `la semana que viene`): with a time of
 * day they make a plan (`tc mañana temprano`), not a request; alone they are asked and refused.
 */
function ahead(spec: DateSpec): boolean {
  const forward = [spec.rel, spec.week, spec.month, spec.year].some(
    (offset) => offset !== undefined && offset > 0,
  );
  return forward || spec.weekday?.mod === 'next';
}

/** A spec resolved against `today` (yyyy-mm-dd); undefined when it is not one day. */
function resolveDate(spec: DateSpec, today: string): SpokenDate | undefined {
  if (spec.time && ahead(spec)) return undefined;
  const now = partsOf(today);
  const run = spec.calendar ? calendarDate(spec.calendar) : {};
  if (run === undefined) return undefined;
  const plainWeekday = spec.weekday?.mod === undefined;
  if (spec.ago && only(spec, 'ago', 'weekday') && plainWeekday) {
    const { unit, count } = spec.ago;
    if (unit === 'week' && spec.weekday)
      return agrees(weekdayDate(today, spec.weekday.value, spec.weekday, -count), spec);
    if (unit === 'day' || unit === 'week')
      return agrees(addDays(today, -count * (unit === 'week' ? 7 : 1)), spec);
    const month = shiftMonths(now, -count * (unit === 'year' ? 12 : 1));
    const day = Math.min(now.day, daysInMonth(`${month.year}-${pad(month.month)}-01`));
    return agrees(iso({ ...month, day }), spec);
  }
  if (spec.rel !== undefined && only(spec, 'rel', 'weekday') && plainWeekday) {
    return agrees(addDays(today, spec.rel), spec);
  }
  const closing = spec.business ? !spec.end : spec.end === true;
  if (closing && run.day === undefined && only(spec, 'business', 'end', 'calendar', 'month', 'year')) {
    // The last day of the year or month named (`cierre del año pasado`, `fin de octubre`), or for
    // a business day, the last one before today; `fin de mes` names no month and is not a date.
    const named = run.month !== undefined || spec.month !== undefined;
    let last: string;
    if (spec.year !== undefined && !named) last = `${now.year + spec.year}-12-31`;
    else if (named) {
      const month = monthContext(spec, run, now);
      if (month === undefined) return undefined;
      last = `${month.year}-${pad(month.month)}-${pad(daysInMonth(`${month.year}-${pad(month.month)}-01`))}`;
    } else if (spec.business) last = addDays(today, -1);
    else return undefined;
    return { kind: 'day', parts: partsOf(spec.business ? previousBusinessDay(addDays(last, 1)) : last) };
  }
  if (
    run.day !== undefined &&
    only(spec, 'calendar', 'month', 'year', 'weekday', 'bareMonth') &&
    plainWeekday
  ) {
    if (spec.bareMonth && (run.month !== undefined || spec.month !== undefined)) return undefined;
    const month = monthContext(spec, run, now);
    if (month === undefined) return undefined;
    const date = { ...month, day: run.day };
    const named = run.month !== undefined || spec.month !== undefined;
    if (spec.weekday && !named && agrees(iso(date), spec).kind === 'mismatch') {
      // `el viernes 30` early in December: November's.
      const before = { ...shiftMonths(month, -1), day: run.day };
      if (agrees(iso(before), spec).kind === 'day') return { kind: 'day', parts: before };
    }
    // The parts may be impossible (`31/11`): the caller reports them as typed.
    return spec.weekday ? { ...agrees(iso(date), spec), parts: date } : { kind: 'day', parts: date };
  }
  if (spec.weekday && only(spec, 'weekday', 'week')) {
    if (spec.week !== undefined && spec.weekday.mod !== undefined) return undefined;
    return { kind: 'day', parts: partsOf(weekdayDate(today, spec.weekday.value, spec.weekday, spec.week)) };
  }
  if (spec.current && only(spec, 'current')) return { kind: 'day', parts: now };
  return undefined;
}

/**
 * A spoken date relative to `today` (yyyy-mm-dd), or undefined when `raw` is not one: `hoy`,
 * `el lunes`, `20 de noviembre`, `hace 2 días`, `del 3 del mes pasado`, `ayer en la tarde`.
 */
export function spokenDate(raw: string, today: string): SpokenDate | undefined {
  const spec = dateSpecOf(raw);
  return spec === undefined ? undefined : resolveDate(spec, today);
}

/** True when `raw` is a spoken date (any reference day will do: only its shape matters). */
export function looksLikeSpokenDate(raw: string): boolean {
  return spokenDate(raw, '2001-01-01') !== undefined;
}

/** A spec as a month relative to `current` (yyyy-MM); undefined when it is not one month. */
function resolvePeriod(spec: DateSpec, current: string): MonthParts | undefined {
  const now = { year: Number(current.slice(0, 4)), month: Number(current.slice(5, 7)) };
  if (spec.ago && only(spec, 'ago') && (spec.ago.unit === 'month' || spec.ago.unit === 'year')) {
    return shiftMonths(now, -spec.ago.count * (spec.ago.unit === 'year' ? 12 : 1));
  }
  if (spec.month !== undefined && only(spec, 'month')) return shiftMonths(now, spec.month);
  if ((spec.current || spec.bareMonth) && only(spec, 'current', 'bareMonth')) return now;
  if (spec.past && only(spec, 'past', 'bareMonth')) return shiftMonths(now, -1);
  if (spec.calendar && only(spec, 'calendar', 'year', 'bareMonth')) {
    const run = calendarMonth(spec.calendar);
    if (run === undefined || ('year' in run && spec.year !== undefined)) return undefined;
    return { month: run.month, year: 'year' in run ? run.year : now.year + (spec.year ?? 0) };
  }
  return undefined;
}

/**
 * A spoken month relative to `current` (yyyy-MM): `setiembre`, `set 2026`, `oct-2026`, `10/26`,
 * `octubre del año pasado`, `mes pasado`, `hace 2 meses`, `del mes de octubre`; undefined when
 * `raw` is not one. The month may be out of range (`13/2026`): the caller reports it as typed.
 */
export function spokenPeriod(raw: string, current: string): MonthParts | undefined {
  const spec = dateSpecOf(raw);
  return spec === undefined || spec.time ? undefined : resolvePeriod(spec, current);
}
