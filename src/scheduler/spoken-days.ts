import type { Weekday } from '../time/lima.js';

/**
 * The days of a weekly schedule as a small grammar over folded tokens (the time already taken out):
 * - sets: `todos (los días)`, `diario`, `cada día`, `cada mañana`, `toda la semana` (every day);
 *   `hábiles`, `laborables`, `entre semana` (Monday–Friday); `fin de semana` (Saturday, Sunday);
 * - day names, abbreviations and plurals (`lunes`, `mié`, `sábados`), listed with commas or `y`;
 * - ranges: `lun-vie`, `de lunes a viernes`, `lunes al sábado`, `desde el lunes hasta el viernes`;
 * - exceptions: `menos`, `excepto`, `salvo`, `sin` subtract from what came before, or from every
 *   day when nothing did (`excepto sábados`).
 * Nothing at all means the default (Monday–Saturday). Returns undefined and the offending word.
 */

export const ALL_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const WORK_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5];
const WEEKEND: readonly Weekday[] = [6, 0];

// prettier-ignore
const DAY_WORDS: ReadonlyMap<string, Weekday> = new Map<string, Weekday>([
  ['lunes', 1], ['lun', 1],
  ['martes', 2], ['mar', 2],
  ['miercoles', 3], ['mie', 3], ['mier', 3],
  ['jueves', 4], ['jue', 4], ['juev', 4],
  ['viernes', 5], ['vie', 5], ['vier', 5],
  ['sabado', 6], ['sabados', 6], ['sab', 6],
  ['domingo', 0], ['domingos', 0], ['dom', 0],
]);

/** A weekday name or abbreviation (`lunes`, `mié`, `sábados`), folded. */
export function isDayWord(token: string): boolean {
  return DAY_WORDS.has(token);
}

/** Word sequences naming a set of days, longest first. */
const DAY_SETS: readonly (readonly [readonly string[], readonly Weekday[]])[] = [
  [['todos', 'los', 'dias'], ALL_DAYS],
  [['todas', 'las', 'mananas'], ALL_DAYS],
  [['toda', 'la', 'semana'], ALL_DAYS],
  [['fines', 'de', 'semana'], WEEKEND],
  [['fin', 'de', 'semana'], WEEKEND],
  [['cada', 'dia'], ALL_DAYS],
  [['cada', 'manana'], ALL_DAYS],
  [['a', 'diario'], ALL_DAYS],
  [['entre', 'semana'], WORK_DAYS],
  [['todos'], ALL_DAYS],
  [['diario'], ALL_DAYS],
  [['diaria'], ALL_DAYS],
  [['diariamente'], ALL_DAYS],
  [['habiles'], WORK_DAYS],
  [['habil'], WORK_DAYS],
  [['laborables'], WORK_DAYS],
  [['laborable'], WORK_DAYS],
  [['utiles'], WORK_DAYS],
];

/** Words that carry nothing here: articles, `solo`, `días`, list connectors, `cada` before a day. */
// prettier-ignore
const FILLERS = new Set([
  'los', 'las', 'el', 'la', 'de', 'del', 'y', 'e', 'a', 'al', 'solo', 'solamente', 'unicamente',
  'nomas', 'dia', 'dias', 'cada', 'en', 'por', 'tambien', 'siempre',
]);
const EXCEPT = new Set(['menos', 'excepto', 'salvo', 'sin', 'except', 'exceptuando', 'quitando']);
const RANGE_TO = new Set(['a', 'al', 'hasta']);
const ARTICLES = new Set(['el', 'los', 'la', 'las']);
const WEEK_ORDER: readonly Weekday[] = ALL_DAYS;

function setAt(
  tokens: readonly string[],
  at: number,
): { days: readonly Weekday[]; length: number } | undefined {
  for (const [words, days] of DAY_SETS) {
    if (words.every((word, i) => tokens[at + i] === word)) return { days, length: words.length };
  }
  return undefined;
}

/** Monday-first range; undefined when backwards (`vie-lun`). */
function range(from: Weekday, to: Weekday): readonly Weekday[] | undefined {
  const start = WEEK_ORDER.indexOf(from);
  const end = WEEK_ORDER.indexOf(to);
  return end < start ? undefined : WEEK_ORDER.slice(start, end + 1);
}

/** After a day at `at - 1`: `a|al|hasta [el] <day>` → the end day and the tokens it spans. */
function rangeEndAt(tokens: readonly string[], at: number): { day: Weekday; length: number } | undefined {
  if (!RANGE_TO.has(tokens[at] ?? '')) return undefined;
  const skip = ARTICLES.has(tokens[at + 1] ?? '') ? 1 : 0;
  const day = DAY_WORDS.get(tokens[at + 1 + skip] ?? '');
  return day === undefined ? undefined : { day, length: 2 + skip };
}

export type DaysResult = { ok: true; days: Weekday[] } | { ok: false; token: string };

/** Parses the day words left once the time is out (see the module comment). */
export function parseDays(tokens: readonly string[], defaults: readonly Weekday[]): DaysResult {
  const include = new Set<Weekday>();
  const exclude = new Set<Weekday>();
  let excepting = false;
  let named = false;
  const add = (days: readonly Weekday[]) => {
    for (const day of days) (excepting ? exclude : include).add(day);
    named = true;
  };
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i] ?? '';
    const set = setAt(tokens, i);
    const day = DAY_WORDS.get(token);
    if (set) {
      add(set.days);
      i += set.length;
    } else if (day !== undefined) {
      const end = rangeEndAt(tokens, i + 1);
      const days = end ? range(day, end.day) : [day];
      if (!days) return { ok: false, token: tokens.slice(i, i + 1 + (end?.length ?? 0)).join(' ') };
      add(days);
      i += 1 + (end?.length ?? 0);
    } else if (/^\p{L}+-\p{L}+$/u.test(token)) {
      const [from, to] = token.split('-').map((word) => DAY_WORDS.get(word));
      const days = from !== undefined && to !== undefined ? range(from, to) : undefined;
      if (!days) return { ok: false, token };
      add(days);
      i += 1;
    } else if (EXCEPT.has(token)) {
      excepting = true;
      i += 1;
    } else if (token === 'desde') {
      // `desde el lunes hasta el viernes` is a range; `desde el lunes` alone is a start date.
      const skip = ARTICLES.has(tokens[i + 1] ?? '') ? 1 : 0;
      const from = DAY_WORDS.get(tokens[i + 1 + skip] ?? '');
      if (from === undefined || !rangeEndAt(tokens, i + 2 + skip)) return { ok: false, token };
      i += 1 + skip;
    } else if (FILLERS.has(token)) {
      i += 1;
    } else {
      return { ok: false, token };
    }
  }
  if (!named) return { ok: true, days: [...defaults] };
  const base = include.size > 0 ? include : new Set(ALL_DAYS);
  const days = WEEK_ORDER.filter((day) => base.has(day) && !exclude.has(day));
  return days.length > 0 ? { ok: true, days } : { ok: false, token: tokens.join(' ') };
}
