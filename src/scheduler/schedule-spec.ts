import { addDays, daysInMonth, limaDate, limaInstant, type Weekday, weekdayOf } from '../time/lima.js';
import { fold } from '../text/fold.js';
import { ALL_DAYS, isDayWord, parseDays } from './spoken-days.js';
import { numberWordAt, ordinalOf } from './spoken-numbers.js';
import { BadTime, timeAt, type TimeMatch } from './spoken-time.js';

/**
 * When a schedule fires, in Lima wall-clock time. Parsed from what admins type after the job
 * (`08:30`, `08:30 todos`, `07:45 lun-vie`, `dia 1 09:00`) and stored in its canonical text.
 */
export type ScheduleSpec =
  | { kind: 'weekly'; hour: number; minute: number; days: readonly Weekday[] }
  | { kind: 'monthly'; hour: number; minute: number; dayOfMonth: number };

/** Monday to Saturday: the days the exchange rate is published. The default. */
export const DEFAULT_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6];
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

/** Folded words; commas and sentence punctuation split or drop (`lunes,` → `lunes`, `a.m.` → `a.m`). */
function specTokens(text: string): string[] {
  return fold(text)
    .split(/[\s,;]+/u)
    .map((token) => token.replace(/^[¿¡("'«“]+/u, '').replace(/[?!)"'»”…:.]+$/u, ''))
    .filter((token) => token !== '');
}

/** When the posts start is not part of a schedule (`desde mañana`, `a partir de hoy`): dropped. */
const START_PHRASES: readonly (readonly string[])[] = [
  ['a', 'partir', 'de', 'hoy'],
  ['a', 'partir', 'de', 'manana'],
  ['a', 'partir', 'de', 'ahora'],
  ['de', 'ahora', 'en', 'adelante'],
  ['desde', 'hoy'],
  ['desde', 'manana'],
  ['desde', 'ahora'],
  ['desde', 'ya'],
];

function withoutStartPhrases(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const phrase = START_PHRASES.find((words) => words.every((word, k) => tokens[i + k] === word));
    if (phrase) i += phrase.length - 1;
    else out.push(tokens[i] ?? '');
  }
  return out;
}

/** Words around a day of the month that carry nothing: `el primero de cada mes`, `mensual`. */
// prettier-ignore
const MONTH_WORDS = new Set([
  'el', 'los', 'la', 'las', 'de', 'del', 'cada', 'todos', 'todas', 'a', 'al', 'por', 'dia', 'dias',
  'mes', 'meses', 'mensual', 'mensualmente', 'y', 'solo', 'nomas',
]);
const MONTH_MARKERS = new Set(['mes', 'meses', 'mensual', 'mensualmente']);
/** After `dia`, words of the weekly grammar (`cada día a las 8`, `día hábil`), not a day number. */
const AFTER_DIA = new Set([
  'a',
  'al',
  'de',
  'del',
  'y',
  'e',
  'las',
  'la',
  'los',
  'por',
  'en',
  'habil',
  'habiles',
]);

interface DayOfMonth {
  value: number;
  start: number;
  end: number;
}

function checkedDay(value: number, text: string): number {
  if (!Number.isInteger(value) || value < 1 || value > 31)
    throw new ScheduleSpecError('bad-day-of-month', text);
  return value;
}

/** `N de (cada) mes`, `N de todos los meses`: the tokens after N that make it a day of the month. */
function monthTailAt(tokens: readonly string[], at: number): number {
  if (tokens[at] !== 'de') return 0;
  if (tokens[at + 1] === 'mes' || tokens[at + 1] === 'cada') return tokens[at + 1] === 'cada' ? 3 : 2;
  if (tokens[at + 1] === 'todos' && tokens[at + 2] === 'los' && tokens[at + 3] === 'meses') return 4;
  return 0;
}

/**
 * The day of the month at `tokens[at]`: `dia 1`, `día primero`, `1ro`, `primero`, `el 5 de cada
 * mes`, `último día`. Throws on an impossible one (`dia 32`, `dia x`).
 */
function dayOfMonthAt(tokens: readonly string[], at: number): DayOfMonth | undefined {
  const token = tokens[at] ?? '';
  const next = tokens[at + 1];
  const previous = tokens[at - 1] ?? '';
  if (
    token === 'dia' &&
    next !== undefined &&
    previous !== 'cada' &&
    !AFTER_DIA.has(next) &&
    !isDayWord(next)
  ) {
    const value = /^\d{1,2}$/u.test(next)
      ? Number(next)
      : (ordinalOf(next) ?? numberWordAt(tokens, at + 1)?.value);
    return { value: checkedDay(value ?? NaN, next), start: at, end: at + 2 };
  }
  if (token === 'ultimo' && (next === 'dia' || monthTailAt(tokens, at + 1) > 0)) {
    return { value: 31, start: at, end: at + 1 };
  }
  const ordinal = ordinalOf(token);
  const afterMinutes = previous === 'y' || previous === 'menos';
  if (
    ordinal !== undefined &&
    !afterMinutes &&
    (!token.startsWith('cuart') || /^(el|cada|los)$/u.test(previous))
  ) {
    return { value: checkedDay(ordinal, token), start: at, end: at + 1 };
  }
  const tail = /^\d{1,2}$/u.test(token) ? monthTailAt(tokens, at + 1) : 0;
  if (tail > 0) return { value: checkedDay(Number(token), token), start: at, end: at + 1 + tail };
  return undefined;
}

function findDayOfMonth(tokens: readonly string[]): DayOfMonth | undefined {
  let found: DayOfMonth | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const day = dayOfMonthAt(tokens, i);
    if (!day) continue;
    if (found) throw new ScheduleSpecError('bad-day-of-month', tokens.slice(day.start, day.end).join(' '));
    found = day;
    i = day.end - 1;
  }
  return found;
}

function badTime(error: unknown): never {
  if (error instanceof BadTime) throw new ScheduleSpecError('bad-time', error.text);
  throw error;
}

/**
 * The one time phrase of a spec. A marked time (`a las 9`, `9:00`, `9 am`) wins over a bare number;
 * a bare number left beside it after `el` is a day of the month (`el 5 a las 10`); two times fail.
 */
function findTime(tokens: readonly string[]): { time: TimeMatch; dayOfMonth?: DayOfMonth } | undefined {
  const found: TimeMatch[] = [];
  for (let i = 0; i < tokens.length;) {
    let match: TimeMatch | undefined;
    try {
      match = timeAt(tokens, i);
    } catch (error) {
      badTime(error);
    }
    if (match) found.push(match);
    i = match ? match.end : i + 1;
  }
  const strong = found.filter((match) => match.strong);
  const chosen = strong.length > 0 ? strong : found;
  const [time, second] = chosen;
  if (!time) return undefined;
  if (second) throw new ScheduleSpecError('bad-time', second.text);
  const others = found.filter((match) => match !== time);
  const [other, extra] = others;
  if (extra) throw new ScheduleSpecError('bad-time', extra.text);
  if (!other) return { time };
  if (tokens[other.start - 1] !== 'el' || other.suffixed || !/^\d{1,2}$/u.test(other.text)) {
    throw new ScheduleSpecError('bad-time', other.text);
  }
  const value = checkedDay(Number(other.text), other.text);
  return { time, dayOfMonth: { value, start: other.start, end: other.end } };
}

/**
 * Parses what follows the job name: the time phrase is found first (`a las 8 y media`, `6 de la
 * tarde`), then a day of the month (`dia 1`, `el primero de cada mes`) makes it monthly; otherwise
 * what is left is read as days (see spoken-days.ts). Throws ScheduleSpecError with the offending text.
 */
export function parseScheduleSpec(text: string): ScheduleSpec {
  let tokens = withoutStartPhrases(specTokens(text));
  let dayOfMonth = findDayOfMonth(tokens);
  if (dayOfMonth) tokens = [...tokens.slice(0, dayOfMonth.start), ...tokens.slice(dayOfMonth.end)];
  const found = findTime(tokens);
  if (!found) throw new ScheduleSpecError('missing-time', text.trim());
  const { time } = found;
  if (found.dayOfMonth) {
    if (dayOfMonth) throw new ScheduleSpecError('bad-day-of-month', tokens[found.dayOfMonth.start] ?? '');
    dayOfMonth = found.dayOfMonth;
  }
  const spans = [time, ...(found.dayOfMonth ? [found.dayOfMonth] : [])];
  const rest = tokens.filter((_, i) => !spans.some((span) => i >= span.start && i < span.end));
  if (dayOfMonth) {
    const extra = rest.filter((word) => !MONTH_WORDS.has(word));
    if (extra.length > 0) throw new ScheduleSpecError('bad-days', extra.join(' '));
    return { kind: 'monthly', ...time.time, dayOfMonth: dayOfMonth.value };
  }
  const month = rest.find((word) => MONTH_MARKERS.has(word));
  if (month !== undefined) throw new ScheduleSpecError('bad-day-of-month', month);
  const days = parseDays(rest, DEFAULT_DAYS);
  if (!days.ok) throw new ScheduleSpecError('bad-days', days.token);
  return { kind: 'weekly', ...time.time, days: days.days };
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
