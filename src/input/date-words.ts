import { addDays, weekdayOf } from '../time/lima.js';

/**
 * Dates and months as people say them (issue 11): `hoy`, `antier`, `el lunes`, `20 de noviembre
 * del 2026`, `20 nov`, `setiembre`/`septiembre`, `mes pasado`. Words arrive folded (no accents).
 */

// Maps, not object literals: `__proto__` typed in chat must not read as a month.
// prettier-ignore
const MONTH_WORDS: ReadonlyMap<string, number> = new Map(Object.entries({
  enero: 1, ene: 1, febrero: 2, feb: 2, marzo: 3, mar: 3, abril: 4, abr: 4, mayo: 5, may: 5,
  junio: 6, jun: 6, julio: 7, jul: 7, agosto: 8, ago: 8, setiembre: 9, septiembre: 9, set: 9,
  sep: 9, sept: 9, octubre: 10, oct: 10, noviembre: 11, nov: 11, diciembre: 12, dic: 12,
}));

// prettier-ignore
const WEEKDAY_WORDS: ReadonlyMap<string, number> = new Map(Object.entries({
  domingo: 0, dom: 0, lunes: 1, lun: 1, martes: 2, miercoles: 3, mie: 3, jueves: 4, jue: 4,
  viernes: 5, vie: 5, sabado: 6, sab: 6,
}));

/** Days from today: `mañana` is kept so a request for it is told "not yet", not ignored. */
// prettier-ignore
const RELATIVE: ReadonlyMap<string, number> = new Map([
  ['hoy', 0], ['ahora', 0], ['ayer', -1], ['anteayer', -2], ['antier', -2], ['ante ayer', -2],
  ['antes de ayer', -2], ['manana', 1], ['pasado manana', 2],
]);

/** Words around a spoken date that carry nothing: `el`, `del`, `dia`, `este` (and `pasado` after a weekday). */
const DATE_FILLERS = new Set(['el', 'la', 'de', 'del', 'dia', 'este', 'fecha']);

export interface DayParts {
  year: number;
  month: number;
  day: number;
}

export function monthOf(word: string): number | undefined {
  return MONTH_WORDS.get(word);
}

function partsOf(isoDate: string): DayParts {
  return {
    year: Number(isoDate.slice(0, 4)),
    month: Number(isoDate.slice(5, 7)),
    day: Number(isoDate.slice(8)),
  };
}

function shift(isoDate: string, days: number): DayParts {
  return partsOf(addDays(isoDate, days));
}

/**
 * A spoken date relative to `today` (yyyy-mm-dd), or undefined when `words` are not one.
 * Weekdays mean the latest such day up to today (`el lunes` asked on a Sunday = 6 days ago);
 * `20 de noviembre` without a year and a bare `20` are this year / this month.
 */
export function spokenDate(words: readonly string[], today: string): DayParts | undefined {
  const text = words.join(' ');
  const relative = RELATIVE.get(text);
  if (relative !== undefined) return shift(today, relative);
  const core = words.filter((word) => !DATE_FILLERS.has(word) && word !== 'pasado');
  const asked = core.length === 1 ? WEEKDAY_WORDS.get(core[0] ?? '') : undefined;
  if (asked !== undefined) {
    const weekday = weekdayOf(today);
    return shift(today, -((weekday - asked + 7) % 7));
  }
  const [dayWord = '', monthWord, yearWord] = core;
  if (!/^\d{1,2}$/u.test(dayWord)) return undefined;
  const current = partsOf(today);
  if (monthWord === undefined) return { ...current, day: Number(dayWord) };
  const month = MONTH_WORDS.get(monthWord);
  if (month === undefined || core.length > 3) return undefined;
  if (yearWord !== undefined && !/^\d{4}$/u.test(yearWord)) return undefined;
  return { year: yearWord === undefined ? current.year : Number(yearWord), month, day: Number(dayWord) };
}

/** True when `words` are a spoken date (`hoy`, `el lunes`, `20 de noviembre`), for the attempt rule. */
export function looksLikeSpokenDate(words: readonly string[]): boolean {
  // Any reference day does: only the shape of the words matters here.
  return words.length > 0 && spokenDate(words, '2001-01-01') !== undefined;
}

/**
 * A spoken month relative to `current` (yyyy-MM): `setiembre`, `set 2026`, `oct-2026`,
 * `octubre del 2026`, `mes pasado`, `este mes`; undefined when `words` are not one.
 */
export function spokenPeriod(
  words: readonly string[],
  current: string,
): { year: number; month: number } | undefined {
  const core = words.flatMap((word) => word.split(/[-/.]/u)).filter((w) => w !== '' && !DATE_FILLERS.has(w));
  const year = Number(current.slice(0, 4));
  const month = Number(current.slice(5, 7));
  const text = core.join(' ');
  if (text === 'mes' || text === 'mes actual' || text === 'actual') return { year, month };
  if (text === 'mes pasado' || text === 'anterior' || text === 'mes anterior' || text === 'pasado') {
    return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  }
  const named = MONTH_WORDS.get(core[0] ?? '');
  if (named === undefined || core.length > 2) return undefined;
  const yearWord = core[1];
  if (yearWord === undefined) return { year, month: named };
  return /^\d{4}$/u.test(yearWord) ? { year: Number(yearWord), month: named } : undefined;
}
