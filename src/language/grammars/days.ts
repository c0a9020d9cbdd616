import type { Weekday } from '../../time/lima.js';
import { type Atoms, classes, phraseAt, phrasesAt, textOf } from './atoms.js';
import { dayNameAt } from './weekday.js';

/**
 * The days of a weekly schedule, read from what is left once the time is out:
 * - sets (`day-set`): `todos (los días)`, `diario`, `cada mañana` (every day); `hábiles`,
 *   `entre semana` (Monday–Friday); `fin de semana` (Saturday, Sunday);
 * - weekdays, abbreviated or plural (`lunes`, `mié`, `sábados`), listed with commas or `y`;
 * - ranges: `lun-vie`, `de lunes a viernes`, `lunes al sábado`, `desde el lunes hasta el viernes`;
 * - exceptions (`except`): subtract from what came before, or from every day (`excepto sábados`).
 * Nothing at all means the default. Undefined and the offending text when a word has no place.
 */

/** Monday first: the display order and the order of ranges. */
export const ALL_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const SETS: Readonly<Record<string, readonly Weekday[]>> = {
  all: ALL_DAYS,
  work: [1, 2, 3, 4, 5],
  weekend: [6, 0],
};

const DAY_SET = classes('day-set');
const EXCEPT = classes('except');
const RANGE_TO = classes('range-to');
const RANGE_FROM = classes('range-from');
const ARTICLE = classes('article');
/** Words that carry nothing among days: articles, `de`, `y`, `a`, `cada`, `solo`, `nomás`. */
const FILLER_OR_DAY = classes(
  'article',
  'preposition',
  'conjunction',
  'range-to',
  'recurrence',
  'urgency',
  'adverb',
  'date-unit',
);

export type DaysResult = { ok: true; days: Weekday[]; rules: string[] } | { ok: false; text: string };

/** Monday-first range; undefined when backwards (`vie-lun`). */
function range(from: Weekday, to: Weekday): readonly Weekday[] | undefined {
  const start = ALL_DAYS.indexOf(from);
  const end = ALL_DAYS.indexOf(to);
  return end < start ? undefined : ALL_DAYS.slice(start, end + 1);
}

/** After a day: `a|al|hasta [el] <day>`, or `-vie` glued to it → the end day and atoms used. */
function rangeEndAt(atoms: Atoms, at: number): { day: Weekday; length: number } | undefined {
  const next = atoms.list[at];
  if (next?.sep === '-') {
    const day = dayNameAt(atoms, at, 'schedule');
    return day === undefined ? undefined : { day, length: 1 };
  }
  if (!phraseAt(atoms, at, RANGE_TO)) return undefined;
  const skip = phraseAt(atoms, at + 1, ARTICLE) ? 1 : 0;
  const day = dayNameAt(atoms, at + 1 + skip, 'schedule');
  return day === undefined ? undefined : { day, length: 2 + skip };
}

/** A word among days that means nothing here: a filler class or `día(s)`. */
function isFiller(atoms: Atoms, at: number): boolean {
  return phrasesAt(atoms, at, FILLER_OR_DAY).some(
    (hit) => hit.length === 1 && (hit.entry.class !== 'date-unit' || hit.entry.value === 'day'),
  );
}

/** Reads the days (see the module comment); `defaults` when none are named. */
export function readDays(atoms: Atoms, defaults: readonly Weekday[]): DaysResult {
  const include = new Set<Weekday>();
  const exclude = new Set<Weekday>();
  const rules = new Set<string>();
  let excepting = false;
  let named = false;
  const add = (days: readonly Weekday[], rule: string) => {
    for (const day of days) (excepting ? exclude : include).add(day);
    named = true;
    rules.add(excepting ? 'days-except' : rule);
  };
  for (let i = 0; i < atoms.list.length;) {
    const set = phraseAt(atoms, i, DAY_SET);
    const day = dayNameAt(atoms, i, 'schedule');
    if (set) {
      // `diario de lunes a viernes`: every day of the days named, when some are named.
      if (set.entry.value === 'all' && !excepting) {
        named = true;
        rules.add('days-set');
      } else add(SETS[String(set.entry.value)] ?? [], 'days-set');
      i += set.length;
    } else if (day !== undefined) {
      const end = rangeEndAt(atoms, i + 1);
      const days = end ? range(day, end.day) : [day];
      if (!days) return { ok: false, text: textOf(atoms, i, i + 1 + (end?.length ?? 0)) };
      add(days, end ? 'days-range' : 'days-list');
      i += 1 + (end?.length ?? 0);
    } else if (phraseAt(atoms, i, EXCEPT)) {
      excepting = true;
      i += phraseAt(atoms, i, EXCEPT)?.length ?? 1;
    } else if (phraseAt(atoms, i, RANGE_FROM)) {
      // `desde el lunes hasta el viernes` is a range; `desde el lunes` alone is a start date.
      const skip = phraseAt(atoms, i + 1, ARTICLE) ? 1 : 0;
      const from = dayNameAt(atoms, i + 1 + skip, 'schedule');
      if (from === undefined || !rangeEndAt(atoms, i + 2 + skip))
        return { ok: false, text: textOf(atoms, i, i + 1) };
      i += 1 + skip;
    } else if (isFiller(atoms, i) || atoms.list[i]?.mark) {
      i += 1;
    } else {
      return { ok: false, text: textOf(atoms, i, i + 1) };
    }
  }
  if (!named) return { ok: true, days: [...defaults], rules: ['days-default'] };
  const base = include.size > 0 ? include : new Set(ALL_DAYS);
  const days = ALL_DAYS.filter((day) => base.has(day) && !exclude.has(day));
  return days.length > 0
    ? { ok: true, days, rules: [...rules] }
    : { ok: false, text: textOf(atoms, 0, atoms.list.length) };
}
