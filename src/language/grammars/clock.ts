import type { Token } from '../tokenize.js';
import { type Atoms, atomsOf, phraseAt, textOf, tokenSpan } from './atoms.js';
import {
  agrees,
  clockWordAt,
  type DayPart,
  headAt,
  MERIDIEM,
  minutesAt,
  partAfter,
  partBefore,
  prefixBefore,
  TIME_PREFIX,
  TIME_UNIT,
  valueAt,
} from './clock-head.js';
import { numberAt } from './number.js';
import type { SlotGrammar } from './types.js';
import { UserError } from '../../errors/user-error.js';

/**
 * The time of day as people write it: `08:30`, `8.30`, `8h30`, `8:30hrs`, `9am`, `8 a. m.`,
 * `340pm`, `a las 8`, `para las 8:30`, `8 y media`, `7 y cuarto`, `7 con 10`, `9 menos cuarto`,
 * `8 en punto`, `ocho de la mañana`, `por la tarde a las 7`, `siete treinta`, `3 minutos para las
 * 8`, `al mediodía`. A bare hour is the morning one (`a las 7`). Words come from the lexicon
 * (`clock-word`, `time-unit`, `meridiem`, `time-prefix`, `day-part`); shapes are below.
 */
export interface ClockTime {
  readonly hour: number;
  readonly minute: number;
}

export type { DayPart } from './clock-head.js';

export interface ClockRead {
  /** Atoms `[start, end)`, a prefix (`a las`) or a part before (`por la tarde`) included. */
  readonly start: number;
  readonly end: number;
  /** The time, or undefined when what was written cannot be one (`25:00`, `15 pm`): see `bad`. */
  readonly time?: ClockTime;
  /** Set when the time is impossible: what to quote back. */
  readonly bad?: string;
  /** Something besides a bare number marks it as a time (a prefix, `:`, `h`, `pm`, `y media`). */
  readonly strong: boolean;
  /** Anything after the number belongs to it (`y media`, `de la tarde`, `hrs`). */
  readonly suffixed: boolean;
  /** A bare number of one or two digits and nothing else (`5`): maybe a day, not a time. */
  readonly bare: boolean;
  /** What was written for the time itself (no prefix), for messages. */
  readonly text: string;
  /** The part of the day or half it was read with, if any (a date applies a later `esta noche`). */
  readonly marked: boolean;
  readonly rules: readonly string[];
}

/** Applies am/pm or the part of the day to a 12-hour reading; undefined when it cannot be one. */
function toClock(
  hour: number,
  minute: number,
  half: 'am' | 'pm' | undefined,
  part: DayPart | undefined,
): ClockTime | undefined {
  if (hour > 23 || minute > 59) return undefined;
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    if (half === 'pm' && hour < 12) hour += 12;
    if (half === 'am' && hour === 12) hour = 0;
  } else if (part === 'am') {
    if (hour > 12) return undefined;
  } else if (part === 'pm') {
    if (hour < 12) hour += 12;
  } else if (part === 'night') {
    if (hour === 12) hour = 0;
    else if (hour >= 6 && hour < 12) hour += 12;
  } else if (part === 'dawn') {
    if (hour === 12) hour = 0;
    if (hour > 6) return undefined;
  }
  return { hour, minute };
}

/** Applies a part of the day said apart from the time (`a las 8 esta noche`) when the time has none. */
export function withPart(time: ClockTime, part: DayPart): ClockTime {
  return toClock(time.hour, time.minute, undefined, part) ?? time;
}

export interface ClockOptions {
  /** A schedule: a word starting with a digit that is not a time is an error, not a day. */
  readonly strict?: boolean;
}

/** `3 minutos para las 8`: minutes counted back to the hour that follows. */
function minutesToAt(atoms: Atoms, at: number, options: ClockOptions): ClockRead | undefined {
  const count = numberAt(atoms, at);
  if (!count || count.article || count.value < 1 || count.value > 59) return undefined;
  let j = at + count.length;
  if (valueAt(atoms, j, TIME_UNIT) !== 'minute') return undefined;
  j += 1;
  const prefix = phraseAt(atoms, j, TIME_PREFIX);
  if (!prefix || prefix.entry.value !== 'to') return undefined;
  const clock = clockFrom(atoms, j + prefix.length, options);
  if (!clock?.time || clock.start !== j) return undefined;
  const total = (clock.time.hour * 60 + clock.time.minute - count.value + 1440) % 1440;
  const time = { hour: Math.floor(total / 60), minute: total % 60 };
  return { ...clock, start: at, time, rules: [...clock.rules, 'clock-minutes-to'] };
}

/** The time whose head (number or word) is at atom `at`, with its prefix and suffixes. */
function clockFrom(atoms: Atoms, at: number, options: ClockOptions): ClockRead | undefined {
  const prefix = prefixBefore(atoms, at);
  const head = headAt(atoms, at, prefix !== undefined, options.strict === true);
  if (!head) return undefined;
  const start = at - (prefix?.length ?? 0);
  if ('bad' in head) {
    const text = textOf(atoms, at, at + head.bad);
    return {
      start,
      end: at + head.bad,
      bad: text,
      strong: true,
      suffixed: false,
      bare: false,
      text,
      marked: true,
      rules: ['clock-bad'],
    };
  }
  const rules = [head.rule, ...(prefix ? ['clock-prefix'] : [])];
  let end = at + head.length;
  let part: DayPart | undefined;
  let hour = head.hour;
  let minute = head.minute;
  let half = head.half;
  for (;;) {
    const word = clockWordAt(atoms, end);
    const minutes = minutesAt(atoms, end + 1);
    const spoken = head.spelled && minute === undefined ? numberAt(atoms, end) : undefined;
    if (minute === undefined && word?.entry.value === 'plus' && minutes && minutes.value <= 59) {
      minute = minutes.value;
      end += 1 + minutes.length;
      rules.push('clock-and-minutes');
    } else if (minute === undefined && word?.entry.value === 'minus' && minutes && minutes.value < 60) {
      hour = (hour + 23) % 24;
      minute = 60 - minutes.value;
      end += 1 + minutes.length;
      rules.push('clock-minus');
    } else if (word?.entry.value === 'sharp') {
      end += word.length;
    } else if (phraseAt(atoms, end, TIME_UNIT)) {
      end += 1;
    } else if (!half && !part && phraseAt(atoms, end, MERIDIEM)) {
      const found = phraseAt(atoms, end, MERIDIEM)!;
      half = found.entry.value as 'am' | 'pm';
      end += found.length;
      rules.push('clock-meridiem');
    } else if (!part && partAfter(atoms, end) && agrees(half, partAfter(atoms, end)!.part)) {
      // `8 de la noche`; after `pm` only a part that agrees (`8pm de la noche`).
      const found = partAfter(atoms, end)!;
      part = found.part;
      end += found.length;
      rules.push('clock-day-part');
    } else if (spoken && spoken.digits === 0 && spoken.value >= 10 && spoken.value <= 59) {
      // `siete treinta`, `once cuarenta y cinco`.
      minute = spoken.value;
      end += spoken.length;
      rules.push('clock-spoken-minutes');
    } else {
      break;
    }
  }
  const text = textOf(atoms, at, end);
  const suffixed = end > at + head.length;
  const time = toClock(hour, minute ?? 0, half, part);
  return {
    start,
    end,
    ...(time ? { time } : { bad: text }),
    strong: head.marked || suffixed || prefix !== undefined,
    suffixed,
    bare: head.plain && !suffixed && prefix === undefined,
    text,
    marked: half !== undefined || part !== undefined,
    rules,
  };
}

/** The time starting at atom `at` (a part of the day before it, minutes to the hour, or the hour). */
export function clockAt(atoms: Atoms, at: number, options: ClockOptions = {}): ClockRead | undefined {
  const before = partBefore(atoms, at);
  if (before) {
    const clock =
      clockFrom(atoms, at + before.length, options) ?? minutesToAt(atoms, at + before.length, options);
    const after = clock ?? findStartingAt(atoms, at + before.length, options);
    if (after?.time && !after.marked) {
      const time = withPart(after.time, before.part);
      return {
        ...after,
        start: at,
        time,
        marked: true,
        strong: true,
        rules: [...after.rules, 'clock-part-before'],
      };
    }
  }
  return minutesToAt(atoms, at, options) ?? clockFrom(atoms, at, options);
}

/** A time whose prefix starts at `at` (`a las 7` after `por la tarde`). */
function findStartingAt(atoms: Atoms, at: number, options: ClockOptions): ClockRead | undefined {
  for (let head = at + 1; head <= at + 4 && head < atoms.list.length; head++) {
    const clock = clockFrom(atoms, head, options);
    if (clock) return clock.start === at ? clock : undefined;
  }
  return undefined;
}

/** Every time in `atoms`, left to right, without overlaps. */
export function clocksIn(
  atoms: Atoms,
  options: ClockOptions = {},
  from = 0,
  to = atoms.list.length,
): ClockRead[] {
  const found: ClockRead[] = [];
  for (let at = from; at < to;) {
    const clock = clockAt(atoms, at, options);
    if (clock && clock.end <= to) found.push(clock);
    at = clock ? Math.max(clock.end, at + 1) : at + 1;
  }
  return found;
}

/** The time of a line: the first marked one (`a las 8`, `8:30`, `8 y media`), else a bare hour. */
export const clockGrammar: SlotGrammar<ClockTime> = {
  name: 'clock',
  find(tokens: readonly Token[]) {
    const atoms = atomsOf(tokens);
    const all = clocksIn(atoms);
    const chosen = all.find((clock) => clock.strong) ?? all[0];
    if (!chosen) return undefined;
    const span = tokenSpan(atoms, chosen.start, chosen.end);
    const result = chosen.time
      ? { value: chosen.time }
      : { error: new UserError('schedule-bad-time', { valor: chosen.bad ?? chosen.text }) };
    return { ...span, result, because: chosen.rules };
  },
};
