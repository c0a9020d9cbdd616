import { addDays, daysInMonth, previousBusinessDay, weekdayOf } from '../../time/lima.js';
import { type CalendarItem, type DateSpec, only } from './date-parts.js';

/**
 * What the parts of a date mean, against today in Lima:
 * - `el lunes` and `el lunes pasado`: the latest Monday before today (on a Monday, a week ago:
 *   today is `hoy`); `este lunes` / `el lunes de esta semana`: this week's (weeks run Monday to
 *   Sunday), `el lunes de la semana pasada`: the week before's; `el próximo lunes`: ahead.
 * - A day without a month is this month (`el 5`), without a year this year; two-digit years are
 *   1969–2068 (`05/05/89` is 1989, `20/11/26` is 2026).
 * - A weekday beside a day must agree (`viernes 20`); when it does not, the date is a `mismatch`.
 * - `último día hábil`: Peru's national holidays plus the configured ones.
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
export const isoOf = ({ year, month, day }: DayParts) => `${year}-${pad(month)}-${pad(day)}`;

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
/** A year of two digits: 69–99 are the 1900s, 00–68 the 2000s (as POSIX `%y`). */
const yearOf = (item: CalendarItem): number =>
  item.kind === 'num' && item.digits === 2 ? (item.value >= 69 ? 1900 : 2000) + item.value : item.value;

interface CalendarParts {
  day?: number;
  month?: number;
  year?: number;
}

/** Day-first, month-first and year-first orders of a calendar run; undefined for any other shape. */
function calendarDate(items: readonly CalendarItem[]): CalendarParts | undefined {
  const [a, b, c, extra] = items;
  if (extra !== undefined || a === undefined) return undefined;
  // `2026-11-20`, `2020/sep/23`
  if (isDigits(a, 4) && b && (isDigits(b, 1, 2) || b.kind === 'month') && isDigits(c, 1, 2) && c) {
    return { year: a.value, month: b.value, day: c.value };
  }
  // `nov 20`, `noviembre 20 2026`, `nov 2026`, `noviembre`
  if (a.kind === 'month') {
    if (b === undefined) return { month: a.value };
    if (isDigits(b, 4) && c === undefined) return { month: a.value, year: b.value };
    if (!isDay(b) || (c !== undefined && !isDigits(c, 2, 4))) return undefined;
    return { month: a.value, day: b.value, ...(c ? { year: yearOf(c) } : {}) };
  }
  // `20`, `20/11`, `20/11/26`, `20 nov`, `20-nov-2026`
  if (!isDay(a)) return undefined;
  if (b === undefined) return a.value <= 31 ? { day: a.value } : undefined;
  if (b.kind !== 'month' && !isDigits(b, 1, 2)) return undefined;
  if (c !== undefined && !isDigits(c, 2, 4)) return undefined;
  return { day: a.value, month: b.value, ...(c ? { year: yearOf(c) } : {}) };
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

/** Words that look ahead: `mañana`, `el próximo lunes`, `la semana que viene`. */
export function ahead(spec: DateSpec): boolean {
  const forward = [spec.rel, spec.week, spec.month, spec.year, spec.monthMod].some(
    (offset) => offset !== undefined && offset > 0,
  );
  return forward || spec.weekday?.mod === 'next';
}

/** `hace 2 semanas`, `hace un mes`: counted back from today. */
function agoDate(spec: DateSpec, today: string, now: DayParts): SpokenDate | undefined {
  const { unit, count } = spec.ago!;
  if (unit === 'week' && spec.weekday)
    return agrees(weekdayDate(today, spec.weekday.value, spec.weekday, -count), spec);
  if (unit === 'day' || unit === 'week')
    return agrees(addDays(today, -count * (unit === 'week' ? 7 : 1)), spec);
  const month = shiftMonths(now, -count * (unit === 'year' ? 12 : 1));
  const day = Math.min(now.day, daysInMonth(`${month.year}-${pad(month.month)}-01`));
  return agrees(isoOf({ ...month, day }), spec);
}

/** The last day of the year or month named (`cierre del año pasado`, `fin de octubre`), or the last business day. */
function closingDate(
  spec: DateSpec,
  run: CalendarParts,
  today: string,
  now: DayParts,
  holidays: ReadonlySet<string>,
) {
  const named = run.month !== undefined || spec.month !== undefined;
  let last: string;
  if (spec.year !== undefined && !named) last = `${now.year + spec.year}-12-31`;
  else if (named) {
    const month = monthContext(spec, run, now);
    if (month === undefined) return undefined;
    last = `${month.year}-${pad(month.month)}-${pad(daysInMonth(`${month.year}-${pad(month.month)}-01`))}`;
  } else if (spec.business) last = addDays(today, -1);
  else return undefined; // `fin de mes` names no month
  const day = spec.business ? previousBusinessDay(addDays(last, 1), holidays) : last;
  return { kind: 'day', parts: partsOf(day) } as const;
}

/** A day of a month (`el 5`, `20/11`, `viernes 20`), the month given or implied. */
function calendarDay(spec: DateSpec, run: CalendarParts, day: number, now: DayParts): SpokenDate | undefined {
  if (spec.bareMonth && (run.month !== undefined || spec.month !== undefined)) return undefined;
  const month = monthContext(spec, run, now);
  if (month === undefined) return undefined;
  const date = { year: month.year, month: month.month, day };
  const named = run.month !== undefined || spec.month !== undefined;
  if (spec.weekday && !named && agrees(isoOf(date), spec).kind === 'mismatch') {
    // `el viernes 30` early in December: November's.
    const before = { ...shiftMonths(month, -1), day };
    if (agrees(isoOf(before), spec).kind === 'day') return { kind: 'day', parts: before };
  }
  // The parts may be impossible (`31/11`): the caller reports them as typed.
  return spec.weekday ? { ...agrees(isoOf(date), spec), parts: date } : { kind: 'day', parts: date };
}

/**
 * A spec resolved against `today` (yyyy-mm-dd) to one day, with the rule that decided; undefined
 * when it is not one day (`la semana pasada`, `a las 9`, `fin de mes`).
 */
export function resolveDate(
  spec: DateSpec,
  today: string,
  holidays: ReadonlySet<string> = new Set(),
): { date: SpokenDate; rule: string } | undefined {
  const now = partsOf(today);
  const run = spec.calendar ? calendarDate(spec.calendar) : {};
  if (run === undefined || (spec.monthMod !== undefined && spec.monthMod !== 0)) return undefined;
  const plainWeekday = spec.weekday?.mod === undefined;
  const found = (date: SpokenDate | undefined, rule: string) => (date ? { date, rule } : undefined);
  if (spec.ago && only(spec, 'ago', 'weekday') && plainWeekday)
    return found(agoDate(spec, today, now), 'resolve-ago');
  if (spec.rel !== undefined && only(spec, 'rel', 'weekday') && plainWeekday) {
    return found(agrees(addDays(today, spec.rel), spec), 'resolve-relative-day');
  }
  const closing = spec.business ? !spec.end : spec.end === true;
  if (closing && run.day === undefined && only(spec, 'business', 'end', 'calendar', 'month', 'year')) {
    return found(
      closingDate(spec, run, today, now, holidays),
      spec.business ? 'resolve-business-day' : 'resolve-month-end',
    );
  }
  // `el 5 de octubre pasado`: the last such day before today.
  if (
    spec.past === -1 &&
    run.day !== undefined &&
    run.month !== undefined &&
    run.year === undefined &&
    only(spec, 'calendar', 'past')
  ) {
    const before = run.month < now.month || (run.month === now.month && run.day < now.day);
    const parts = { year: now.year - (before ? 0 : 1), month: run.month, day: run.day };
    return found({ kind: 'day', parts }, 'resolve-month-past');
  }
  // `viernes 20`, `este viernes 15 de junio`: the day decides, the weekday must agree; `al cierre
  // del 31 de octubre` is that day too.
  if (
    run.day !== undefined &&
    only(spec, 'calendar', 'month', 'year', 'weekday', 'bareMonth', 'monthMod', 'end')
  ) {
    return found(calendarDay(spec, run, run.day, now), 'resolve-day-of-month');
  }
  if (spec.weekday && only(spec, 'weekday', 'week')) {
    if (spec.week !== undefined && spec.weekday.mod !== undefined) return undefined;
    return found(
      { kind: 'day', parts: partsOf(weekdayDate(today, spec.weekday.value, spec.weekday, spec.week)) },
      'resolve-weekday',
    );
  }
  if (spec.current && only(spec, 'current')) return found({ kind: 'day', parts: now }, 'resolve-current');
  return undefined;
}

/** Month-level calendar runs: `10`, `10/2026`, `10/26`, `2026-10`, `oct`, `oct 2026`, `2016, noviembre`. */
function calendarMonth(items: readonly CalendarItem[]): MonthParts | Pick<MonthParts, 'month'> | undefined {
  const [a, b, extra] = items;
  if (extra !== undefined || a === undefined) return undefined;
  if (isDigits(a, 4) && b && (isDigits(b, 1, 2) || b.kind === 'month'))
    return { year: a.value, month: b.value };
  if (a.kind !== 'month' && !isDigits(a, 1, 2)) return undefined;
  if (b === undefined) return { month: a.value };
  return isDigits(b, 2, 4) ? { month: a.value, year: yearOf(b) } : undefined;
}

/** A spec as a month relative to `current` (yyyy-MM), with its rule; undefined when it is not one month. */
export function resolvePeriod(
  spec: DateSpec,
  current: string,
): { month: MonthParts; rule: string } | undefined {
  const now = { year: Number(current.slice(0, 4)), month: Number(current.slice(5, 7)) };
  const found = (month: MonthParts, rule: string) => ({ month, rule });
  if (spec.ago && only(spec, 'ago') && (spec.ago.unit === 'month' || spec.ago.unit === 'year')) {
    return found(shiftMonths(now, -spec.ago.count * (spec.ago.unit === 'year' ? 12 : 1)), 'period-ago');
  }
  if (spec.month !== undefined && only(spec, 'month'))
    return found(shiftMonths(now, spec.month), 'period-reference');
  if ((spec.current || spec.bareMonth) && only(spec, 'current', 'bareMonth'))
    return found(now, 'period-current');
  if (spec.past !== undefined && only(spec, 'past', 'bareMonth'))
    return found(shiftMonths(now, spec.past), 'period-past');
  // `octubre pasado`: the last October before this month.
  if (spec.calendar && spec.past === -1 && only(spec, 'calendar', 'past')) {
    const run = calendarMonth(spec.calendar);
    if (run === undefined || 'year' in run) return undefined;
    const year = now.year - (run.month < now.month ? 0 : 1);
    return found({ month: run.month, year }, 'period-month-past');
  }
  if (spec.calendar && only(spec, 'calendar', 'year', 'bareMonth', 'monthMod')) {
    const run = calendarMonth(spec.calendar);
    if (run === undefined || ('year' in run && (spec.year !== undefined || spec.monthMod !== undefined)))
      return undefined;
    if (spec.monthMod !== undefined) {
      // `este setiembre`: this year's; `el próximo junio`: the next one after this month.
      const year = now.year + (spec.monthMod === 1 && run.month <= now.month ? 1 : 0);
      return spec.year === undefined
        ? found({ month: run.month, year }, 'period-month-reference')
        : undefined;
    }
    return found(
      { month: run.month, year: 'year' in run ? run.year : now.year + (spec.year ?? 0) },
      'period-calendar',
    );
  }
  return undefined;
}
