import { addDays, daysInMonth, limaDate, limaInstant, type Weekday, weekdayOf } from '../time/lima.js';
import { fold } from '../text/fold.js';

/**
 * When a schedule fires, in Lima wall-clock time. Parsed from what admins type after the job
 * (`08:30`, `08:30 todos`, `07:45 lun-vie`, `dia 1 09:00`) and stored in its canonical text.
 */
export type ScheduleSpec =
  | { kind: 'weekly'; hour: number; minute: number; days: readonly Weekday[] }
  | { kind: 'monthly'; hour: number; minute: number; dayOfMonth: number };

/** Monday to Saturday: the days the exchange rate is published. The default. */
export const DEFAULT_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6];
const ALL_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
/** Display order: Monday first. */
const WEEK_ORDER: readonly Weekday[] = ALL_DAYS;

const DAY_NAMES: Record<Weekday, { full: string; short: string }> = {
  0: { full: 'domingo', short: 'dom' },
  1: { full: 'lunes', short: 'lun' },
  2: { full: 'martes', short: 'mar' },
  3: { full: 'miércoles', short: 'mié' },
  4: { full: 'jueves', short: 'jue' },
  5: { full: 'viernes', short: 'vie' },
  6: { full: 'sábado', short: 'sáb' },
};

const DAY_WORDS = new Map<string, Weekday>();
for (const [day, names] of Object.entries(DAY_NAMES)) {
  DAY_WORDS.set(fold(names.full), Number(day) as Weekday);
  DAY_WORDS.set(fold(names.short), Number(day) as Weekday);
}

export type ScheduleSpecProblem = 'missing-time' | 'bad-time' | 'bad-days' | 'bad-day-of-month';

/** Why a spec was refused; `token` is the offending piece of what the admin typed. */
export class ScheduleSpecError extends Error {
  constructor(
    readonly problem: ScheduleSpecProblem,
    readonly token: string,
  ) {
    super(`${problem}: ${token}`);
    this.name = 'ScheduleSpecError';
  }
}

/** `08:30`, `8.30`, `8h30`, `8`, `7am`, `6:30pm` (am/pm may also be the next token, see spokenTimes). */
function parseTime(token: string): { hour: number; minute: number } {
  const match = /^(\d{1,2})(?:[:.h](\d{2}))?(am|pm)?$/.exec(token);
  let hour = Number(match?.[1]);
  const minute = Number(match?.[2] ?? 0);
  const half = match?.[3];
  if (!match || hour > 23 || minute > 59 || (half && (hour < 1 || hour > 12))) {
    throw new ScheduleSpecError('bad-time', token);
  }
  if (half === 'pm' && hour < 12) hour += 12;
  if (half === 'am' && hour === 12) hour = 0;
  return { hour, minute };
}

function looksLikeTime(token: string): boolean {
  return /^\d/.test(token) && /[:.h]|[ap]m$/.test(token);
}

const TIME_WORDS = new Set(['a', 'las', 'la', 'el', 'de', 'del', 'y', 'hrs', 'hr', 'horas', 'h']);

/**
 * Spoken time around the numbers: `a las 8:30`, `8:30 am`, `8 a.m.`, `20:00 hrs`, `el dia 1`.
 * Glues am/pm to the time and drops the words that carry nothing; `a` between days stays.
 */
function spokenTimes(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const half = /^([ap])\.?m\.?$/.exec(token);
    const previous = out.at(-1);
    if (half && previous !== undefined && /^\d/.test(previous)) {
      out[out.length - 1] = `${previous}${half[1]}m`;
    } else if (TIME_WORDS.has(token) && !/^\p{L}/u.test(out.at(-1) ?? '1')) {
      continue;
    } else if (TIME_WORDS.has(token) && token !== 'a' && token !== 'y') {
      continue;
    } else {
      out.push(token);
    }
  }
  return out;
}

function dayOf(token: string): Weekday {
  const day = DAY_WORDS.get(token);
  if (day === undefined) throw new ScheduleSpecError('bad-days', token);
  return day;
}

function dayRange(from: Weekday, to: Weekday): Weekday[] {
  const start = WEEK_ORDER.indexOf(from);
  const end = WEEK_ORDER.indexOf(to);
  if (end < start) throw new ScheduleSpecError('bad-days', `${DAY_NAMES[from].short}-${DAY_NAMES[to].short}`);
  return WEEK_ORDER.slice(start, end + 1);
}

/** `todos`, `lun-vie`, `lun,mie,vie`, `lunes a viernes`, `sab dom` → the set of weekdays. */
function parseDays(tokens: string[]): Weekday[] {
  if (tokens.length === 0) return [...DEFAULT_DAYS];
  const words = tokens.flatMap((t) => t.split(',')).filter((t) => t !== '');
  if (words[0] === 'todos' || words[0] === 'diario') {
    const rest = words.slice(1).join(' ');
    if (rest !== '' && rest !== 'los dias' && rest !== 'dias') throw new ScheduleSpecError('bad-days', rest);
    return [...ALL_DAYS];
  }
  const days = new Set<Weekday>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1];
    const after = words[i + 2];
    if ((next === 'a' || next === 'al') && after !== undefined) {
      for (const d of dayRange(dayOf(word), dayOf(after))) days.add(d);
      i += 2;
    } else if (word.includes('-')) {
      const [from, to, extra] = word.split('-');
      if (extra !== undefined || !from || !to) throw new ScheduleSpecError('bad-days', word);
      for (const d of dayRange(dayOf(from), dayOf(to))) days.add(d);
    } else {
      days.add(dayOf(word));
    }
  }
  return WEEK_ORDER.filter((d) => days.has(d));
}

/** Parses what follows the job name. Throws ScheduleSpecError with the offending token. */
export function parseScheduleSpec(text: string): ScheduleSpec {
  const tokens = spokenTimes(
    fold(text)
      .trim()
      .split(/\s+/)
      .filter((t) => t !== ''),
  );
  let time: { hour: number; minute: number } | undefined;
  let dayOfMonth: number | undefined;
  const rest: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (token === 'dia') {
      const value = tokens[i + 1] ?? '';
      const n = Number(value);
      if (!/^\d{1,2}$/.test(value) || n < 1 || n > 31) {
        throw new ScheduleSpecError('bad-day-of-month', value || token);
      }
      dayOfMonth = n;
      i += 1;
    } else if (looksLikeTime(token) || /^\d+$/.test(token)) {
      if (time !== undefined) throw new ScheduleSpecError('bad-time', token);
      time = parseTime(token);
    } else {
      rest.push(token);
    }
  }
  if (time === undefined) throw new ScheduleSpecError('missing-time', text.trim());
  if (dayOfMonth !== undefined) {
    if (rest.length > 0) throw new ScheduleSpecError('bad-days', rest.join(' '));
    return { kind: 'monthly', ...time, dayOfMonth };
  }
  return { kind: 'weekly', ...time, days: parseDays(rest) };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'HH:MM' of a spec. */
export function specTime(spec: ScheduleSpec): string {
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
    const from = DAY_NAMES[ordered[i]!].short;
    const to = DAY_NAMES[ordered[j]!].short;
    if (j - i >= 2) parts.push(`${from}-${to}`);
    else parts.push(...ordered.slice(i, j + 1).map((d) => DAY_NAMES[d].short));
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
    days: ordered.map((d) => DAY_NAMES[d].full),
    ...(contiguous ? { range: { from: DAY_NAMES[first].full, to: DAY_NAMES[last].full } } : {}),
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
