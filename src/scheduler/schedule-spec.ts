import { addDays, daysInMonth, limaDate, limaInstant, type Weekday, weekdayOf } from '../time/lima.js';
import { ALL_DAYS, DEFAULT_DAYS, type ScheduleSpec, weekdayName } from '../language/index.js';

/**
 * When a schedule fires, in Lima wall-clock time: read by the schedule grammar
 * (src/language/grammars/schedule.ts), stored in its canonical text, shown and fired from here.
 */
export { parseScheduleSpec, type ScheduleSpec, ScheduleSpecError } from '../language/index.js';

/** Display order: Monday first. */
const WEEK_ORDER: readonly Weekday[] = ALL_DAYS;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'HH:MM' of a spec. */
function specTime(spec: ScheduleSpec): string {
  return `${pad(spec.hour)}:${pad(spec.minute)}`;
}

function sameDays(a: readonly Weekday[], b: readonly Weekday[]): boolean {
  return a.length === b.length && a.every((d) => b.includes(d));
}

/** Runs of consecutive days (Monday first) as `lun-vie`, singles as `dom`. */
function formatDays(days: readonly Weekday[]): string {
  const ordered = WEEK_ORDER.filter((d) => days.includes(d));
  const parts: string[] = [];
  let i = 0;
  while (i < ordered.length) {
    let j = i;
    while (
      j + 1 < ordered.length &&
      WEEK_ORDER.indexOf(ordered[j + 1]!) === WEEK_ORDER.indexOf(ordered[j]!) + 1
    ) {
      j++;
    }
    const from = weekdayName(ordered[i]!, 'short');
    const to = weekdayName(ordered[j]!, 'short');
    if (j - i >= 2) parts.push(`${from}-${to}`);
    else parts.push(...ordered.slice(i, j + 1).map((d) => weekdayName(d, 'short')));
    i = j + 1;
  }
  return parts.join(',');
}

/** The canonical text of a spec (stored, shown, and the identity of a schedule); parses back to itself. */
export function formatScheduleSpec(spec: ScheduleSpec): string {
  if (spec.kind === 'monthly') return `dia ${spec.dayOfMonth} ${specTime(spec)}`;
  if (sameDays(spec.days, DEFAULT_DAYS)) return specTime(spec);
  if (sameDays(spec.days, ALL_DAYS)) return `${specTime(spec)} todos`;
  return `${specTime(spec)} ${formatDays(spec.days)}`;
}

/** Plain data for templates: they word it (`de lunes a sábado a las 08:30`). */
export function describeScheduleSpec(spec: ScheduleSpec): Record<string, unknown> {
  if (spec.kind === 'monthly') {
    return {
      kind: 'monthly',
      time: specTime(spec),
      dayOfMonth: spec.dayOfMonth,
      text: formatScheduleSpec(spec),
    };
  }
  const ordered = WEEK_ORDER.filter((d) => spec.days.includes(d));
  const first = ordered[0];
  const last = ordered.at(-1);
  const contiguous =
    first !== undefined &&
    last !== undefined &&
    ordered.length >= 3 &&
    WEEK_ORDER.indexOf(last) - WEEK_ORDER.indexOf(first) === ordered.length - 1;
  return {
    kind: 'weekly',
    time: specTime(spec),
    everyDay: sameDays(spec.days, ALL_DAYS),
    defaultDays: sameDays(spec.days, DEFAULT_DAYS),
    days: ordered.map((d) => weekdayName(d, 'long')),
    ...(contiguous ? { range: { from: weekdayName(first, 'long'), to: weekdayName(last, 'long') } } : {}),
    text: formatScheduleSpec(spec),
  };
}

/** Whether the spec fires on a Lima calendar date (day 31 fires on the last day of shorter months). */
export function occursOn(spec: ScheduleSpec, date: string): boolean {
  if (spec.kind === 'weekly') return spec.days.includes(weekdayOf(date));
  const day = Number(date.slice(8, 10));
  return day === Math.min(spec.dayOfMonth, daysInMonth(date));
}

/** The first firing strictly after `after`, or undefined if none within ~2 months (an empty day set). */
export function nextOccurrence(spec: ScheduleSpec, after: Date): Date | undefined {
  const today = limaDate(after);
  for (let offset = 0; offset <= 62; offset++) {
    const date = addDays(today, offset);
    if (!occursOn(spec, date)) continue;
    const at = limaInstant(date, spec.hour, spec.minute);
    if (at.getTime() > after.getTime()) return at;
  }
  return undefined;
}
