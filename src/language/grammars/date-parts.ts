import type { Weekday } from '../../time/lima.js';
import { AMBIGUITIES } from '../lexicon/ambiguities.js';
import { type Atoms, classes, glued, isAt, phraseAt, phrasesAt } from './atoms.js';
import { type ClockRead, type ClockTime, clockAt, type DayPart } from './clock.js';
import { numberAt } from './number.js';
import { ordinalAt } from './ordinal.js';
import { weekdayAt, type WeekdayMod } from './weekday.js';

/**
 * The parts a spoken date or month names, read from atoms, each at most once and in any order
 * (`el martes de la semana pasada` = `la semana pasada el martes`). It only reads: date-resolve.ts
 * gives the parts their day. Reading stops at a word that has no place, or at a part said twice.
 */

/** Calendar units of an offset or a reference (`hace 2 semanas`, `el mes pasado`). */
type DateUnit = 'day' | 'week' | 'month' | 'year';

/** One item of a run of numbers and month names: `20 nov 2026`, `20/11`, `noviembre 20`. */
export interface CalendarItem {
  readonly kind: 'num' | 'month';
  readonly value: number;
  /** Digits typed; 0 when spelled or an ordinal (`veinte`, `1ro`). */
  readonly digits: number;
  /** `un`/`una`: never a day. */
  readonly article?: true;
  /** `1ro`, `primero`: a day only, first in a run or right after the month (`julio 1ro`). */
  readonly ordinal?: true;
}

export interface DateSpec {
  /** Days from today (`ayer`). */
  rel?: number;
  /** `hace 2 semanas`, `3 días atrás`: counted back from today. */
  ago?: { unit: DateUnit; count: number };
  weekday?: { value: Weekday; mod?: WeekdayMod };
  /** Weeks, months, years counted from the current one (`la semana pasada`, `este mes`). */
  week?: number;
  month?: number;
  year?: number;
  /** `mes` alone (`del mes` = this month; `mes de octubre`). */
  bareMonth?: true;
  /** `semana` or `año` alone: too vague for a day (`fin de año`). */
  vague?: true;
  calendar?: CalendarItem[];
  /** `este setiembre` (0), `el próximo junio` (1): the month named, placed by its modifier. */
  monthMod?: number;
  /** `fin`, `cierre`, `último día` (of a month). */
  end?: true;
  /** `último día hábil` (of a month, or before today). */
  business?: true;
  /** `actual`, `vigente`. */
  current?: true;
  /** `pasado`/`anterior` alone (a period: last month). */
  past?: number;
  /** A time of day was said (`a las 9`, `en la tarde`, `temprano`). */
  time?: true;
  /** The time, when one was given as an hour. */
  clock?: ClockTime;
  /** The part of the day said apart from the hour (`esta noche`, `por la tarde`). */
  part?: DayPart;
  /** The hour carries its own half of the day (`8pm`, `8 de la noche`): a part said apart is ignored. */
  marked?: true;
}

type Key = keyof DateSpec;

/** A date read from atoms `[start, end)`, with the rules that read it. */
export interface DateSpan {
  readonly spec: DateSpec;
  readonly start: number;
  readonly end: number;
  readonly rules: readonly string[];
}

const FILLER_OR_DATE = classes('article', 'preposition', 'range-to', 'filler');
const RELATIVE = classes('relative-day');
const DAY_PART = classes('day-part');
const DATE_UNIT = classes('date-unit');
const MODIFIER = classes('unit-modifier');
const KEYWORD = classes('date-keyword');
const MONTH = classes('month');
const CLOCK_WORD = classes('clock-word');
const TIME_PREFIX = classes('time-prefix');

/** Forms that are a day and its part at once (`anoche`), by the ambiguity rule that says so. */
const DAY_WITH_PART = new Set(AMBIGUITIES.filter((a) => a.rule === 'day-with-part').map((a) => a.form));

/** Words around a date that carry nothing: `el`, `del`, `de la`, `al`, `fecha`, `periodo`. */
function isDateFiller(atoms: Atoms, at: number): boolean {
  const atom = atoms.list[at];
  if (!atom) return false;
  if (atom.mark) return true;
  return phrasesAt(atoms, at, FILLER_OR_DATE).some(
    (hit) => hit.length === 1 && (hit.entry.class !== 'filler' || hit.entry.value === 'date'),
  );
}

/** A number, an ordinal or a month name at `at`: one item of a calendar run. */
function itemAt(atoms: Atoms, at: number): { item: CalendarItem; length: number } | undefined {
  const month = phraseAt(atoms, at, MONTH);
  if (month) {
    return { item: { kind: 'month', value: Number(month.entry.value), digits: 0 }, length: month.length };
  }
  const ordinal = ordinalAt(atoms, at);
  if (ordinal)
    return { item: { kind: 'num', value: ordinal.value, digits: 0, ordinal: true }, length: ordinal.length };
  const number = numberAt(atoms, at);
  if (!number) return undefined;
  // Spelled, a day or a year (`dos mil veintiséis`); `cien`, `mil gracias` are neither.
  if (number.digits === 0 && number.value > 31) {
    const year = number.value >= 1900 && number.value <= 2100;
    return year
      ? { item: { kind: 'num', value: number.value, digits: 4 }, length: number.length }
      : undefined;
  }
  const item: CalendarItem = number.article
    ? { kind: 'num', value: number.value, digits: 0, article: true }
    : { kind: 'num', value: number.value, digits: number.digits };
  return { item, length: number.length };
}

/**
 * A time of day that belongs to a date: marked (`8:30`, `6pm`, `a las 9`, `8 y media`, `8h30`).
 * A bare number is a day; `20.11` is a day and a month, `8.30` (no month 30) a time.
 */
function timeAt(atoms: Atoms, at: number): ClockRead | undefined {
  const clock = clockAt(atoms, at);
  if (!clock?.time || !clock.strong) return undefined;
  if (clock.rules[0] === 'clock-dotted' && !clock.suffixed && clock.rules.length === 1) {
    const minutes = atoms.list[at + 1];
    if (minutes && Number(minutes.key) <= 12) return undefined;
  }
  return clock;
}

/** A time whose prefix starts at `at` and is no filler: `cerca de las 8`, `alrededor de las 10`. */
function prefixedTimeAt(atoms: Atoms, at: number): ClockRead | undefined {
  const prefix = phraseAt(atoms, at, TIME_PREFIX);
  const clock = prefix ? timeAt(atoms, at + prefix.length) : undefined;
  return clock?.start === at ? clock : undefined;
}

/** The tokens of a calendar run from `at`: items with fillers between them, up to a time. */
function runAt(atoms: Atoms, at: number, limit: number): { items: CalendarItem[]; end: number } | undefined {
  const items: CalendarItem[] = [];
  let end = at;
  // A calendar has at most a day, a month and a year.
  for (let j = at; j < limit && items.length < 3;) {
    const found = itemAt(atoms, j);
    if (!found || (items.length > 0 && !glued(atoms, j) && timeAt(atoms, j))) break;
    if (found.item.ordinal && items.length > 0 && (items.length > 1 || items[0]?.kind !== 'month')) break;
    items.push(found.item);
    end = j + found.length;
    let next = end;
    while (next < limit && isDateFiller(atoms, next)) next += 1;
    j = next;
  }
  return items.length > 0 ? { items, end } : undefined;
}

const unitOf = (atoms: Atoms, at: number) =>
  phraseAt(atoms, at, DATE_UNIT)?.entry.value as DateUnit | undefined;

interface Step {
  length: number;
  /** Sets the parts; false when one is already set (the reading stops before this step). */
  apply(put: <K extends Key>(key: K, value: DateSpec[K]) => boolean): boolean;
  rule: string;
  /** Rules of the grammar the step used (the clock's), logged after `rule`. */
  more?: readonly string[];
  /** Where the step really starts (a time's prefix `a las` sits before its number). */
  from?: number;
}

/** `hace 2 días (atrás)`, `2 semanas atrás`. */
function agoAt(atoms: Atoms, at: number): Step | undefined {
  const keyword = phraseAt(atoms, at, KEYWORD)?.entry.value;
  const counted = keyword === 'ago' ? 1 : 0;
  const count = numberAt(atoms, at + counted);
  if (!count) return undefined;
  const unit = unitOf(atoms, at + counted + count.length);
  let length = counted + count.length + 1;
  const back = phraseAt(atoms, at + length, KEYWORD)?.entry.value === 'back';
  if (!unit || (!counted && !back)) return undefined;
  if (back) length += 1;
  return { length, rule: 'date-ago', apply: (put) => put('ago', { unit, count: count.value }) };
}

/** `esta semana`, `el mes pasado`, `el próximo año`, `el día siguiente`, `este setiembre`. */
function referenceAt(atoms: Atoms, at: number): Step | undefined {
  const before = phraseAt(atoms, at, MODIFIER);
  if (before && typeof before.entry.value === 'number') {
    const offset = before.entry.value;
    const unit = unitOf(atoms, at + before.length);
    if (unit) {
      return {
        length: before.length + 1,
        rule: 'date-unit-reference',
        apply: (put) => putUnit(put, unit, offset),
      };
    }
    const month = itemAt(atoms, at + before.length);
    if (month?.item.kind === 'month' && (offset === 0 || offset === 1)) {
      return {
        length: before.length + month.length,
        rule: 'date-month-reference',
        apply: (put) => put('calendar', [month.item]) && put('monthMod', offset),
      };
    }
  }
  const unit = unitOf(atoms, at);
  const after = unit ? phraseAt(atoms, at + 1, MODIFIER) : undefined;
  if (unit && after && typeof after.entry.value === 'number') {
    const offset = after.entry.value;
    return {
      length: 1 + after.length,
      rule: 'date-unit-reference',
      apply: (put) => putUnit(put, unit, offset),
    };
  }
  return undefined;
}

function putUnit(
  put: <K extends Key>(key: K, value: DateSpec[K]) => boolean,
  unit: DateUnit,
  offset: number,
) {
  return unit === 'day' ? put('rel', offset) : put(unit, offset);
}

/** A relative day (`ayer`, `esta noche`), a part of the day (`por la tarde`), or both (`anoche`). */
function dayOrPartAt(atoms: Atoms, at: number): Step | undefined {
  const rel = phraseAt(atoms, at, RELATIVE);
  const part = phraseAt(atoms, at, DAY_PART);
  const afterArticle = isAt(atoms, at - 1, 'article');
  const key = atoms.keys[at] ?? '';
  if (
    part &&
    (!rel || part.length > rel.length || (part.length === 1 && afterArticle && !DAY_WITH_PART.has(key)))
  ) {
    // `de la mañana`, `en la tarde`: a part of the day needs its article, except `anoche`.
    if (part.length === 1 && !afterArticle && !DAY_WITH_PART.has(key)) return undefined;
    return {
      length: part.length,
      rule: 'date-day-part',
      apply: (put) => put('part', part.entry.value as DayPart) && put('time', true),
    };
  }
  if (!rel) return undefined;
  const both = part && part.length === rel.length && (rel.length > 1 || DAY_WITH_PART.has(key));
  return {
    length: rel.length,
    rule: 'date-relative-day',
    apply: (put) =>
      put('rel', Number(rel.entry.value)) && (!both || put('part', part.entry.value as DayPart)),
  };
}

/** `fin`, `cierre`, `último día hábil`; `actual`, `vigente` (current); `pasado`, `anterior` alone. */
function keywordAt(atoms: Atoms, at: number): Step | undefined {
  const keyword = phraseAt(atoms, at, KEYWORD);
  const value = keyword?.entry.value;
  // `fin de mes`, `al cierre del año pasado`; `para el cierre` alone is the accounts' closing.
  const next = atoms.keys[at + (keyword?.length ?? 0)];
  if (keyword && value === 'end' && (next === 'de' || next === 'del'))
    return { length: keyword.length, rule: 'date-end', apply: (put) => put('end', true) };
  if (keyword && (value === 'business' || value === 'business-before')) {
    return { length: keyword.length, rule: 'date-business-day', apply: (put) => put('business', true) };
  }
  const modifier = phraseAt(atoms, at, MODIFIER);
  if (!modifier || typeof modifier.entry.value !== 'number') return undefined;
  const offset = modifier.entry.value;
  const demonstrative = isAt(atoms, at, 'demonstrative');
  if (offset === 0 && !demonstrative)
    return { length: modifier.length, rule: 'date-current', apply: (put) => put('current', true) };
  if (offset < 0) return { length: modifier.length, rule: 'date-past', apply: (put) => put('past', offset) };
  return undefined;
}

/** The first part that starts at `at`, if any (see the module comment for the order). */
function stepAt(atoms: Atoms, at: number, limit: number): Step | undefined {
  if (atoms.list[at]?.mark) return undefined;
  const clock = timeAt(atoms, at) ?? prefixedTimeAt(atoms, at);
  if (clock && clock.end <= limit) {
    const time = clock.time!;
    return {
      from: Math.min(at, clock.start),
      length: clock.end - at,
      rule: 'date-time',
      more: clock.rules,
      apply: (put) => put('clock', time) && put('time', true) && (!clock.marked || put('marked', true)),
    };
  }
  const weekday = weekdayAt(atoms, at, 'date');
  if (weekday) {
    const value = weekday.mod ? { value: weekday.value, mod: weekday.mod } : { value: weekday.value };
    return {
      length: weekday.length,
      rule: 'date-weekday',
      more: [weekday.rule],
      apply: (put) => put('weekday', value),
    };
  }
  const found = dayOrPartAt(atoms, at) ?? agoAt(atoms, at) ?? referenceAt(atoms, at);
  if (found) return found;
  const run = runAt(atoms, at, limit);
  if (run) return { length: run.end - at, rule: 'date-calendar', apply: (put) => put('calendar', run.items) };
  const keyword = keywordAt(atoms, at);
  if (keyword) return keyword;
  const unit = unitOf(atoms, at);
  if (unit === 'day') return { length: 1, rule: 'date-day-word', apply: () => true };
  if (unit === 'month') {
    let next = at + 1;
    while (next < limit && isDateFiller(atoms, next)) next += 1;
    // `mes de octubre`: the word before a month's name.
    const named = itemAt(atoms, next)?.item.kind === 'month';
    return { length: 1, rule: 'date-month-word', apply: (put) => named || put('bareMonth', true) };
  }
  if (unit) return { length: 1, rule: 'date-vague', apply: (put) => put('vague', true) };
  const early = phraseAt(atoms, at, CLOCK_WORD);
  if (early?.entry.value === 'early')
    return { length: early.length, rule: 'date-time', apply: (put) => put('time', true) };
  return undefined;
}

/** Most atoms one date may span: bounds the work on a long line. */
const WINDOW = 24;

/** Parts that may be said more than once without contradiction: `de hoy a las 9 de la mañana`. */
const REPEATABLE: ReadonlySet<Key> = new Set(['time', 'part']);
/** Parts a spec may hold besides those `only` names (a time of day is always allowed). */
const FREE: ReadonlySet<Key> = new Set(['time', 'clock', 'part', 'marked']);

/**
 * The date parts read from atom `at` when one starts right there (where a reading of a line may
 * begin); undefined when none does. Its first part is read once.
 */
export function readDateStartingAt(atoms: Atoms, at: number): DateSpan | undefined {
  const limit = Math.min(atoms.list.length, at + WINDOW);
  const first = stepAt(atoms, at, limit);
  return first && readParts(atoms, at, limit, first);
}

/** The date parts read from atom `from` on (fillers before them skipped); undefined when none. */
export function readDateAt(atoms: Atoms, from: number): DateSpan | undefined {
  return readParts(atoms, from, Math.min(atoms.list.length, from + WINDOW), undefined);
}

function readParts(atoms: Atoms, from: number, limit: number, first: Step | undefined): DateSpan | undefined {
  const spec: DateSpec = {};
  const rules: string[] = [];
  const put = <K extends Key>(key: K, value: DateSpec[K]): boolean => {
    if (value === undefined) return true;
    if (spec[key] !== undefined && !REPEATABLE.has(key)) return false;
    if (spec[key] === undefined) spec[key] = value;
    return true;
  };
  let start = -1;
  let end = from;
  for (let at = from; at < limit;) {
    const step = at === from && first ? first : stepAt(atoms, at, limit);
    if (!step) {
      if (!isDateFiller(atoms, at)) break;
      at += 1;
      continue;
    }
    const saved = Object.assign({}, spec);
    if (!step.apply(put)) {
      for (const k of Object.keys(spec) as Key[]) if (!(k in saved)) delete spec[k];
      break;
    }
    if (start < 0) start = step.from ?? at;
    at += step.length;
    end = at;
    rules.push(step.rule, ...(step.more ?? []));
  }
  if (start < 0) return undefined;
  if (spec.clock && spec.part && !spec.marked) rules.push('date-time-part');
  return { spec, start, end, rules };
}

/** True when `spec` names nothing besides `keys` (a time of day is always allowed). */
export function only(spec: DateSpec, ...keys: Key[]): boolean {
  // for…in, not Object.keys(…).every: no list and no callback per question (asked often per date).
  for (const key in spec) if (!FREE.has(key as Key) && !keys.includes(key as Key)) return false;
  return true;
}
