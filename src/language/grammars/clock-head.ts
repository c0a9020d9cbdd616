import { lexicon, type WordClass } from '../lexicon/index.js';
import { type Atoms, classes, glued, phraseAt, phrasesAt } from './atoms.js';
import { numberAt } from './number.js';

/**
 * The pieces of a time of day for clock.ts: the number or word an hour starts with (`8`, `08:30`,
 * `8h30`, `9am`, `340pm`, `ocho`, `mediodía`) with the shapes that mark it, the prefix said before
 * it (`a las`), the minutes after `y`/`menos`, and the part of the day (`de la tarde`).
 */

/** A part of the day: it turns a 12-hour reading into a 24-hour one. */
export type DayPart = 'am' | 'pm' | 'night' | 'dawn';

const CLOCK_WORD = classes('clock-word');
export const TIME_PREFIX = classes('time-prefix');
export const TIME_UNIT = classes('time-unit');
export const MERIDIEM = classes('meridiem');
const DAY_PART = classes('day-part');
const PREPOSITION = classes('preposition');
const ARTICLE = classes('article');

/** `8:30` written with a colon (the tokenizer keeps it one word). */
const COLON_TIME = /^(\d{1,2}):(\d{2})$/u;
/** Starts with a digit: in a schedule, a word like this that is not a time is a bad time. */
const DIGIT_FIRST = /^\d/u;

interface Head {
  hour: number;
  minute?: number;
  half?: 'am' | 'pm';
  /** Atoms used. */
  length: number;
  /** Marked by its own shape: `8:30`, `8h`, `9am`, `mediodía`. */
  marked: boolean;
  /** A number of one or two digits alone. */
  plain: boolean;
  /** Spelled (`ocho`): minutes may follow spelled too (`ocho treinta`). */
  spelled: boolean;
  rule: string;
}

export type HeadResult = Head | { bad: number } | undefined;

/** A word that should be a time and is not (`25:00`, `8:7x`, `0830`): all of it is quoted back. */
function badWord(atoms: Atoms, at: number): { bad: number } {
  let length = 1;
  while (glued(atoms, at + length)) length += 1;
  return { bad: length };
}

export const clockWordAt = (atoms: Atoms, at: number) => phraseAt(atoms, at, CLOCK_WORD);
export const valueAt = (atoms: Atoms, at: number, cls: ReadonlySet<WordClass>) =>
  phraseAt(atoms, at, cls)?.entry.value;

/** The time-prefix phrase ending just before atom `at`: its length and value (`at` or `to`). */
export function prefixBefore(atoms: Atoms, at: number): { length: number; value: unknown } | undefined {
  for (let length = Math.min(at, lexicon.longest); length > 0; length--) {
    const hit = phrasesAt(atoms, at - length, TIME_PREFIX).find((h) => h.length === length);
    if (hit) return { length, value: hit.entry.value };
  }
  return undefined;
}

/** Minutes after `y`, `con` or `menos`: `media`, `cuarto`, `45`, `cuarenta y cinco`. */
export function minutesAt(atoms: Atoms, at: number): { value: number; length: number } | undefined {
  const word = clockWordAt(atoms, at)?.entry.value;
  if (word === 'half') return { value: 30, length: 1 };
  if (word === 'quarter') return { value: 15, length: 1 };
  const number = numberAt(atoms, at);
  if (!number || number.digits > 2 || number.value < 1) return undefined;
  return { value: number.value, length: number.length };
}

/** `de la tarde`, `por la mañana`, `en la noche`: a part of the day after an hour. */
export function partAfter(atoms: Atoms, at: number): { part: DayPart; length: number } | undefined {
  if (!phraseAt(atoms, at, PREPOSITION) || !phraseAt(atoms, at + 1, ARTICLE)) return undefined;
  const hit = phraseAt(atoms, at + 2, DAY_PART);
  return hit?.length === 1 ? { part: hit.entry.value as DayPart, length: 3 } : undefined;
}

/** `por la tarde`, `en la noche`, `a la tarde` before a time (`por la tarde a las 7`). */
export function partBefore(atoms: Atoms, at: number): { part: DayPart; length: number } | undefined {
  const opens =
    (phraseAt(atoms, at, PREPOSITION) && phraseAt(atoms, at + 1, ARTICLE)) ||
    phrasesAt(atoms, at, TIME_PREFIX).some((hit) => hit.length === 2);
  const hit = opens ? phraseAt(atoms, at + 2, DAY_PART) : undefined;
  return hit?.length === 1 ? { part: hit.entry.value as DayPart, length: 3 } : undefined;
}

/** A part of the day said after `am`/`pm` must be the same half (`8pm de la noche`, not `8am de la tarde`). */
export function agrees(half: 'am' | 'pm' | undefined, part: DayPart): boolean {
  if (!half) return true;
  return half === 'pm' ? part === 'pm' || part === 'night' : part === 'am' || part === 'dawn';
}

/**
 * What may follow a spelled hour to make it a time: `y`, `menos`, `en punto`, `hrs`, `pm`, `de la
 * tarde`, or minutes spelled too (`siete treinta`, `once cuarenta y cinco`).
 */
function suffixStarts(atoms: Atoms, at: number): boolean {
  const word = clockWordAt(atoms, at)?.entry.value;
  const spoken = numberAt(atoms, at);
  return (
    (spoken !== undefined && spoken.digits === 0 && spoken.value >= 10 && spoken.value <= 59) ||
    word === 'plus' ||
    word === 'minus' ||
    word === 'sharp' ||
    phraseAt(atoms, at, TIME_UNIT) !== undefined ||
    phraseAt(atoms, at, MERIDIEM) !== undefined ||
    partAfter(atoms, at) !== undefined
  );
}

/** After the digits of an hour, the rest of its word: `.30`, `h30`, `h`, `hrs`, `am`, `p.m`. */
function gluedTail(atoms: Atoms, at: number, head: Head): Head | undefined {
  let j = at + head.length;
  const next = atoms.list[j];
  if (next && glued(atoms, j) && head.minute === undefined) {
    if (next.sep === '.' && next.digits === 2) {
      head.minute = Number(next.key);
      head.rule = 'clock-dotted';
      j += 1;
    } else if (next.sep === '' && valueAt(atoms, j, TIME_UNIT) === 'hour') {
      j += 1;
      head.rule = 'clock-h';
      const minutes = atoms.list[j];
      if (minutes && glued(atoms, j) && minutes.sep === '' && minutes.digits === 2) {
        head.minute = Number(minutes.key);
        j += 1;
      }
    }
  }
  if (glued(atoms, j) && phraseAt(atoms, j, TIME_UNIT)) j += 1;
  const half = glued(atoms, j) ? phraseAt(atoms, j, MERIDIEM) : undefined;
  if (half) {
    head.half = half.entry.value as 'am' | 'pm';
    j += half.length;
  }
  head.length = j - at;
  head.marked = head.marked || head.length > 1;
  head.plain = head.plain && head.length === 1;
  // The whole word must be the time: `20.11.2026` is not one.
  return glued(atoms, j) ? undefined : head;
}

/** The number or word a time starts with at atom `at`. */
export function headAt(atoms: Atoms, at: number, prefixed: boolean, strict: boolean): HeadResult {
  const atom = atoms.list[at];
  if (!atom || atom.mark) return undefined;
  const word = clockWordAt(atoms, at);
  if (word?.entry.value === 'noon' || word?.entry.value === 'midnight') {
    const hour = word.entry.value === 'noon' ? 12 : 0;
    return {
      hour,
      minute: 0,
      length: word.length,
      marked: true,
      plain: false,
      spelled: true,
      rule: `clock-${word.entry.value}`,
    };
  }
  const colon = COLON_TIME.exec(atom.key);
  if (colon) {
    const head: Head = {
      hour: Number(colon[1]),
      minute: Number(colon[2]),
      length: 1,
      marked: true,
      plain: false,
      spelled: false,
      rule: 'clock-colon',
    };
    return gluedTail(atoms, at, head) ?? (strict ? badWord(atoms, at) : undefined);
  }
  if (atom.digits === 1 || atom.digits === 2) {
    const head: Head = {
      hour: Number(atom.key),
      length: 1,
      marked: false,
      plain: true,
      spelled: false,
      rule: 'clock-digits',
    };
    return gluedTail(atoms, at, head) ?? (strict ? badWord(atoms, at) : undefined);
  }
  if (atom.digits === 3 || atom.digits === 4) {
    // `340pm`, `1140 a.m.`: hours and minutes run together, clear only with the half of the day.
    const after =
      glued(atoms, at + 1) || !atoms.list[at + 1]?.mark ? phraseAt(atoms, at + 1, MERIDIEM) : undefined;
    if (after) {
      const value = Number(atom.key);
      const minute = value % 100;
      return {
        hour: Math.floor(value / 100),
        minute,
        half: after.entry.value as 'am' | 'pm',
        length: 1 + after.length,
        marked: true,
        plain: false,
        spelled: false,
        rule: 'clock-compact',
      };
    }
  }
  if (DIGIT_FIRST.test(atom.key)) return strict ? badWord(atoms, at) : undefined;
  const number = numberAt(atoms, at);
  // A spelled hour is a time only where one is expected (`a las ocho`) or marked (`ocho y media`).
  if (
    number &&
    number.length === 1 &&
    number.digits === 0 &&
    number.value <= 23 &&
    (prefixed || suffixStarts(atoms, at + 1))
  ) {
    return { hour: number.value, length: 1, marked: false, plain: false, spelled: true, rule: 'clock-words' };
  }
  return undefined;
}
