import { numberWordAt } from './spoken-numbers.js';

/**
 * The time of day as admins say it, found inside the folded tokens of a schedule:
 * `08:30`, `8.30`, `8h30`, `8:30hrs`, `9am`, `8 a. m.`, `a las 8`, `para las 8:30`, `8 y media`,
 * `7 y cuarto`, `7 y 45`, `8 menos cuarto`, `8 en punto`, `ocho de la mañana`, `6 de la tarde`,
 * `9 de la noche`, `al mediodía`, `a medianoche`. A bare hour (`a las 7`) is the morning one.
 */
export interface ClockTime {
  hour: number;
  minute: number;
}

/** One time phrase: tokens `[start, end)`; `strong` when something besides a bare number marks it. */
export interface TimeMatch {
  start: number;
  end: number;
  time: ClockTime;
  strong: boolean;
  /** What the admin wrote for the time itself (no `a las`), for error messages. */
  text: string;
  /** Whether anything after the number belongs to it (`y media`, `de la tarde`, `hrs`). */
  suffixed: boolean;
}

/** A time token is invalid (`25:00`, `8:75`, `0830`): `text` is what to quote back. */
export class BadTime extends Error {
  constructor(readonly text: string) {
    super(`bad time: ${text}`);
    this.name = 'BadTime';
  }
}

/** `8`, `08:30`, `8.30`, `8h30`, `8h`, `8:30hrs`, `9am`, `8.30a.m`, `6:30pm`. */
const DIGIT_TIME = /^(\d{1,2})(?:[:.h](\d{2}))?(?:h|hs|hrs?|horas?)?(?:([ap])\.?m\.?)?$/u;
const HOUR_UNITS = new Set(['h', 'hs', 'hr', 'hrs', 'hora', 'horas']);
const MINUTE_UNITS = new Set(['min', 'mins', 'minutos', 'minuto']);
/** Said before a time; matched longest first, ending just before the number. */
const PREFIXES: readonly (readonly string[])[] = [
  ['a', 'eso', 'de', 'las'],
  ['como', 'a', 'las'],
  ['desde', 'las'],
  ['a', 'las'],
  ['para', 'las'],
  ['a', 'la'],
  ['para', 'la'],
  ['las'],
  ['la'],
  ['al'],
  ['a'],
  ['para'],
];
const PERIODS: Readonly<Record<string, 'am' | 'pm' | 'night' | 'dawn'>> = {
  manana: 'am',
  tarde: 'pm',
  noche: 'night',
  madrugada: 'dawn',
};

function prefixBefore(tokens: readonly string[], at: number): number {
  for (const prefix of PREFIXES) {
    const from = at - prefix.length;
    if (from >= 0 && prefix.every((word, i) => tokens[from + i] === word)) return prefix.length;
  }
  return 0;
}

/** Minutes written after `y`, `menos` or `con`: `media`, `cuarto`, `45`, `cuarenta y cinco`. */
function minutesAt(tokens: readonly string[], at: number): { value: number; length: number } | undefined {
  const token = tokens[at] ?? '';
  if (token === 'media') return { value: 30, length: 1 };
  if (token === 'cuarto') return { value: 15, length: 1 };
  if (/^\d{1,2}$/u.test(token)) return { value: Number(token), length: 1 };
  const word = numberWordAt(tokens, at);
  return word && word.value >= 1 ? word : undefined;
}

interface Head {
  hour: number;
  minute?: number;
  half?: 'am' | 'pm';
  length: number;
  marked: boolean;
}

/** The number (or word) a time starts with at `tokens[at]`. Throws BadTime on a malformed time token. */
function headAt(tokens: readonly string[], at: number, prefixed: boolean): Head | undefined {
  const token = tokens[at] ?? '';
  if (token === 'mediodia') return { hour: 12, minute: 0, length: 1, marked: true };
  if (token === 'medianoche') return { hour: 0, minute: 0, length: 1, marked: true };
  const next = tokens[at + 1];
  if (token === 'medio' && next === 'dia') return { hour: 12, minute: 0, length: 2, marked: true };
  if (token === 'media' && next === 'noche') return { hour: 0, minute: 0, length: 2, marked: true };
  if (/^\d/u.test(token)) {
    const match = DIGIT_TIME.exec(token);
    if (!match) throw new BadTime(token);
    const head: Head = { hour: Number(match[1]), length: 1, marked: !/^\d+$/u.test(token) };
    if (match[2] !== undefined) head.minute = Number(match[2]);
    if (match[3] !== undefined) head.half = match[3] === 'a' ? 'am' : 'pm';
    return head;
  }
  const word = numberWordAt(tokens, at);
  // A number word is a time only where one is expected (`a las ocho`) or marked (`ocho y media`).
  if (word && word.length === 1 && word.value <= 23 && (prefixed || suffixStarts(tokens, at + 1))) {
    return { hour: word.value, length: 1, marked: false };
  }
  return undefined;
}

function suffixStarts(tokens: readonly string[], at: number): boolean {
  const token = tokens[at] ?? '';
  return (
    ['y', 'menos', 'en', 'de', 'por', 'am', 'pm', 'a', 'p'].includes(token) ||
    HOUR_UNITS.has(token) ||
    /^[ap]\.?m\.?$/u.test(token)
  );
}

/** The half of the day written after the time: `am`, `p.m.`, `a. m.` (two tokens). */
function halfAt(tokens: readonly string[], at: number): { half: 'am' | 'pm'; length: number } | undefined {
  const token = (tokens[at] ?? '').replace(/\./gu, '');
  if (token === 'am' || token === 'pm') return { half: token, length: 1 };
  if ((token === 'a' || token === 'p') && (tokens[at + 1] ?? '').replace(/\./gu, '') === 'm') {
    return { half: token === 'a' ? 'am' : 'pm', length: 2 };
  }
  return undefined;
}

/** `de la tarde`, `por la mañana`, `en la noche`, `de la madrugada`. */
function periodAt(tokens: readonly string[], at: number) {
  const [first, article, word] = [tokens[at], tokens[at + 1], tokens[at + 2]];
  if (first !== 'de' && first !== 'por' && first !== 'en') return undefined;
  const period = article === 'la' ? PERIODS[word ?? ''] : undefined;
  return period ? { period, length: 3 } : undefined;
}

/** Applies am/pm or the part of the day to a 12-hour reading. */
function toClock(head: Head, period: string | undefined, text: string): ClockTime {
  let { hour } = head;
  const minute = head.minute ?? 0;
  if (hour > 23 || minute > 59) throw new BadTime(text);
  if (head.half) {
    if (hour < 1 || hour > 12) throw new BadTime(text);
    if (head.half === 'pm' && hour < 12) hour += 12;
    if (head.half === 'am' && hour === 12) hour = 0;
  } else if (period === 'am') {
    if (hour > 12) throw new BadTime(text);
  } else if (period === 'pm') {
    if (hour < 12) hour += 12;
  } else if (period === 'night') {
    if (hour === 12) hour = 0;
    else if (hour >= 6 && hour < 12) hour += 12;
  } else if (period === 'dawn') {
    if (hour === 12) hour = 0;
    if (hour > 6) throw new BadTime(text);
  }
  return { hour, minute };
}

/** The time phrase whose number is at `tokens[at]`, if one starts there. Throws BadTime. */
export function timeAt(tokens: readonly string[], at: number): TimeMatch | undefined {
  const prefix = prefixBefore(tokens, at);
  const head = headAt(tokens, at, prefix > 0 && tokens[at - 1] !== 'a' && tokens[at - 1] !== 'para');
  if (!head) return undefined;
  let end = at + head.length;
  let period: string | undefined;
  for (;;) {
    const token = tokens[end];
    const minutes = minutesAt(tokens, end + 1);
    if (head.minute === undefined && (token === 'y' || token === 'con') && minutes && minutes.value <= 59) {
      head.minute = minutes.value;
      end += 1 + minutes.length;
    } else if (head.minute === undefined && token === 'menos' && minutes && minutes.value < 60) {
      head.hour = (head.hour + 23) % 24;
      head.minute = 60 - minutes.value;
      end += 1 + minutes.length;
    } else if (token === 'en' && tokens[end + 1] === 'punto') {
      end += 2;
    } else if (token !== undefined && (HOUR_UNITS.has(token) || MINUTE_UNITS.has(token))) {
      end += 1;
    } else if (!head.half && !period && halfAt(tokens, end)) {
      const half = halfAt(tokens, end)!;
      head.half = half.half;
      end += half.length;
    } else if (!head.half && !period && periodAt(tokens, end)) {
      const found = periodAt(tokens, end)!;
      period = found.period;
      end += found.length;
    } else {
      break;
    }
  }
  const text = tokens.slice(at, end).join(' ');
  const suffixed = end > at + head.length;
  return {
    start: at - prefix,
    end,
    time: toClock(head, period, text),
    strong: head.marked || suffixed || prefix > 0,
    text,
    suffixed,
  };
}
