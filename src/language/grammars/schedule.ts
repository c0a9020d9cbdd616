import type { Weekday } from '../../time/lima.js';
import { UserError } from '../../errors/user-error.js';
import { lexicon } from '../lexicon/index.js';
import { normalizeLine } from '../normalize.js';
import { type Token, tokenize } from '../tokenize.js';
import {
  type Atoms,
  atomsOf,
  classes,
  entriesAt,
  glued,
  isAt,
  phraseAt,
  phrasesAt,
  subset,
  textOf,
  tokenSpan,
} from './atoms.js';
import { type ClockRead, clocksIn } from './clock.js';
import { readDays } from './days.js';
import { numberAt } from './number.js';
import { ordinalAt } from './ordinal.js';
import type { SlotGrammar } from './types.js';

/**
 * When a scheduled post fires, in Lima wall-clock time, as admins say it after the job: the time
 * is found first (clock.ts: `a las 8 y media`, `6 de la tarde`), then a day of the month (`día 1`,
 * `el primero de cada mes`, `el 1ra`) makes it monthly; otherwise what is left is days (days.ts).
 */
export type ScheduleSpec =
  | { kind: 'weekly'; hour: number; minute: number; days: readonly Weekday[] }
  | { kind: 'monthly'; hour: number; minute: number; dayOfMonth: number };

/** Monday to Saturday: the days the exchange rate is published. The default. */
export const DEFAULT_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6];

export type ScheduleSpecProblem = 'missing-time' | 'bad-time' | 'bad-days' | 'bad-day-of-month';

/** Why a spec was refused; `token` is the offending piece of what the admin typed. */
export class ScheduleSpecError extends Error {
  constructor(
    readonly problem: ScheduleSpecProblem,
    readonly token: string,
  ) {
    // Thrown and caught while reading (a tc line tries the schedule hand-off): no stack to capture.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`${problem}: ${token}`);
    Error.stackTraceLimit = limit;
    this.name = 'ScheduleSpecError';
  }
}

const START = classes('start-phrase');
const RECURRENCE = classes('recurrence');
const PREPOSITION = classes('preposition');
const DATE_UNIT = classes('date-unit');
const CLOCK_WORD = classes('clock-word');
/** Words a monthly schedule carries around its day: `el primero de cada mes`, `mensual`, `todos los`. */
const MONTH_FILLER = classes(
  'article',
  'preposition',
  'conjunction',
  'range-to',
  'recurrence',
  'urgency',
  'adverb',
);
/** After `día`, words that make it a weekly schedule (`cada día a las 8`, `día hábil`, `día lunes`). */
const AFTER_DAY_WORD = classes('article', 'preposition', 'conjunction', 'range-to', 'day-set', 'weekday');

interface DayOfMonth {
  value: number;
  start: number;
  end: number;
}

const unitAt = (atoms: Atoms, at: number) => phraseAt(atoms, at, DATE_UNIT)?.entry.value;

function checkedDay(value: number | undefined, text: string): number {
  if (value === undefined || !Number.isInteger(value) || value < 1 || value > 31)
    throw new ScheduleSpecError('bad-day-of-month', text);
  return value;
}

/** `de mes`, `de cada mes`, `de todos los meses` after a number: the atoms that make it a day of the month. */
function monthTailAt(atoms: Atoms, at: number): number {
  const recurrence = phraseAt(atoms, at, RECURRENCE);
  if (recurrence?.entry.value === 'monthly' && recurrence.length > 1) return recurrence.length;
  if (!phraseAt(atoms, at, PREPOSITION)) return 0;
  if (unitAt(atoms, at + 1) === 'month') return 2;
  const after = phraseAt(atoms, at + 1, RECURRENCE);
  if (after?.entry.value === 'monthly' && after.length > 1) return 1 + after.length;
  if (after?.entry.value === 'repeat' && unitAt(atoms, at + 2) === 'month') return 3;
  return 0;
}

/**
 * The day of the month at atom `at`: `día 1`, `día primero`, `1ro`, `el 1ra`, `primero`, `el 5 de
 * cada mes`, `último día`. Throws on an impossible one (`día 32`, `día x`).
 */
function dayOfMonthAt(atoms: Atoms, at: number): DayOfMonth | undefined {
  const next = atoms.list[at + 1];
  const unit = phraseAt(atoms, at, DATE_UNIT);
  const afterRepeat = phraseAt(atoms, at - 1, RECURRENCE) !== undefined && at > 0;
  if (
    unit?.entry.value === 'day' &&
    unit.length === 1 &&
    next &&
    !glued(atoms, at + 2) &&
    !afterRepeat &&
    !phraseAt(atoms, at + 1, AFTER_DAY_WORD)
  ) {
    const read = next.digits > 0 ? undefined : (ordinalAt(atoms, at + 1) ?? numberAt(atoms, at + 1));
    const value = next.digits === 1 || next.digits === 2 ? Number(next.key) : read?.value;
    // `día x`: a day of the month that cannot be; `días menos sábado` is a weekly schedule.
    const unknown = entriesAt(atoms, at + 1).length === 0 && lexicon.verb(next.key).length === 0;
    if (value !== undefined || next.digits > 0 || unknown) {
      return { value: checkedDay(value, next.text), start: at, end: at + 1 + (read?.length ?? 1) };
    }
  }
  const last = entriesAt(atoms, at).some((e) => e.class === 'date-keyword' && e.value === 'end');
  if (last && (unitAt(atoms, at + 1) === 'day' || monthTailAt(atoms, at + 1) > 0)) {
    return { value: 31, start: at, end: at + 1 };
  }
  const ordinal = ordinalAt(atoms, at);
  const previous = at > 0 ? phraseAt(atoms, at - 1, CLOCK_WORD)?.entry.value : undefined;
  const afterMinutes = previous === 'plus' || previous === 'minus';
  // `cuarto` is a quarter hour unless an article or `cada` says the fourth (`el cuarto de cada mes`).
  const quarter = phraseAt(atoms, at, CLOCK_WORD)?.entry.value === 'quarter';
  const named = isAt(atoms, at - 1, 'article') || afterRepeat;
  if (ordinal && !afterMinutes && (!quarter || named)) {
    return {
      value: checkedDay(ordinal.value, atoms.list[at]?.text ?? ''),
      start: at,
      end: at + ordinal.length,
    };
  }
  const digits = atoms.list[at]?.digits ?? 0;
  const tail = digits === 1 || digits === 2 ? monthTailAt(atoms, at + 1) : 0;
  if (tail > 0)
    return {
      value: checkedDay(Number(atoms.keys[at]), atoms.list[at]?.text ?? ''),
      start: at,
      end: at + 1 + tail,
    };
  return undefined;
}

function findDayOfMonth(atoms: Atoms): DayOfMonth | undefined {
  let found: DayOfMonth | undefined;
  for (let i = 0; i < atoms.list.length; i++) {
    const day = dayOfMonthAt(atoms, i);
    if (!day) continue;
    if (found) throw new ScheduleSpecError('bad-day-of-month', textOf(atoms, day.start, day.end));
    found = day;
    i = day.end - 1;
  }
  return found;
}

/**
 * The one time of a spec. A marked time (`a las 9`, `9:00`, `9 am`) wins over a bare number; a
 * bare number left beside it after an article is a day of the month (`el 5 a las 10`); two fail.
 */
function findTime(atoms: Atoms): { time: ClockRead; dayOfMonth?: DayOfMonth } | undefined {
  const found = clocksIn(atoms, { strict: true });
  const bad = found.find((clock) => clock.time === undefined);
  if (bad) throw new ScheduleSpecError('bad-time', bad.bad ?? bad.text);
  const strong = found.filter((clock) => clock.strong);
  const [time, second] = strong.length > 0 ? strong : found;
  if (!time) return undefined;
  if (second) throw new ScheduleSpecError('bad-time', second.text);
  const [other, extra] = found.filter((clock) => clock !== time);
  if (extra) throw new ScheduleSpecError('bad-time', extra.text);
  if (!other) return { time };
  if (!other.bare || other.start === 0 || !isAt(atoms, other.start - 1, 'article')) {
    throw new ScheduleSpecError('bad-time', other.text);
  }
  const value = checkedDay(Number(atoms.keys[other.start]), other.text);
  return { time, dayOfMonth: { value, start: other.start, end: other.end } };
}

/** Words a monthly schedule may carry besides its day and time (see MONTH_FILLER). */
function monthFiller(atoms: Atoms, at: number): boolean {
  if (atoms.list[at]?.mark) return true;
  if (phrasesAt(atoms, at, MONTH_FILLER).some((hit) => hit.length === 1)) return true;
  const unit = unitAt(atoms, at);
  if (unit === 'day' || unit === 'month') return true;
  return entriesAt(atoms, at).some((e) => e.class === 'day-set' && e.value === 'all');
}

/** A spec read from atoms, with the names of the rules that decided. Throws ScheduleSpecError. */
function readSchedule(all: Atoms, whole: string): { spec: ScheduleSpec; rules: string[] } {
  // When the posts start (`desde mañana`, `a partir de hoy`) is not part of a schedule: dropped.
  const dropped = new Set<number>();
  for (let i = 0; i < all.list.length; i++) {
    const start = phraseAt(all, i, START);
    if (start) for (let k = 0; k < start.length; k++) dropped.add(i + k);
  }
  let atoms = subset(all, (i) => !dropped.has(i));
  let dayOfMonth = findDayOfMonth(atoms);
  if (dayOfMonth) {
    const { start, end } = dayOfMonth;
    atoms = subset(atoms, (i) => i < start || i >= end);
  }
  const found = findTime(atoms);
  if (!found) throw new ScheduleSpecError('missing-time', whole.trim());
  const { time } = found;
  if (found.dayOfMonth) {
    if (dayOfMonth)
      throw new ScheduleSpecError('bad-day-of-month', atoms.list[found.dayOfMonth.start]?.text ?? '');
    dayOfMonth = found.dayOfMonth;
  }
  const spans = [time, ...(found.dayOfMonth ? [found.dayOfMonth] : [])];
  const rest = subset(atoms, (i) => !spans.some((span) => i >= span.start && i < span.end));
  const clock = time.time ?? { hour: 0, minute: 0 };
  if (dayOfMonth) {
    const extra = rest.list.filter((_, i) => !monthFiller(rest, i));
    if (extra.length > 0) throw new ScheduleSpecError('bad-days', extra.map((a) => a.text).join(' '));
    return {
      spec: { kind: 'monthly', ...clock, dayOfMonth: dayOfMonth.value },
      rules: [...time.rules, 'schedule-monthly'],
    };
  }
  const marker = rest.list.findIndex(
    (_, i) => unitAt(rest, i) === 'month' || phraseAt(rest, i, RECURRENCE)?.entry.value === 'monthly',
  );
  if (marker !== -1) throw new ScheduleSpecError('bad-day-of-month', rest.list[marker]?.text ?? '');
  const days = readDays(rest, DEFAULT_DAYS);
  if (!days.ok) throw new ScheduleSpecError('bad-days', days.text);
  return {
    spec: { kind: 'weekly', ...clock, days: days.days },
    rules: [...time.rules, ...days.rules, 'schedule-weekly'],
  };
}

/**
 * Parses what follows the job name (`08:30`, `a las 8 y media lun-vie`, `el primero de cada mes
 * a las 10`). Throws ScheduleSpecError with the offending text.
 */
export function parseScheduleSpec(text: string): ScheduleSpec {
  return readSchedule(atomsOf(tokenize(normalizeLine(text))), text).spec;
}

/** A schedule filling the rest of a request (`programar tc <schedule>`); none without a time. */
export const scheduleGrammar: SlotGrammar<ScheduleSpec> = {
  name: 'schedule',
  find(tokens: readonly Token[]) {
    if (tokens.length === 0) return undefined;
    const atoms = atomsOf(tokens);
    const span = tokenSpan(atoms, 0, atoms.list.length);
    try {
      const { spec, rules } = readSchedule(atoms, tokens.map((t) => t.text).join(' '));
      return { ...span, result: { value: spec }, because: rules };
    } catch (error) {
      if (!(error instanceof ScheduleSpecError)) throw error;
      if (error.problem === 'missing-time') return undefined;
      const valor = error.token;
      return {
        ...span,
        result: { error: new UserError(`schedule-${error.problem}`, { valor }) },
        because: [`schedule-${error.problem}`],
      };
    }
  },
};
