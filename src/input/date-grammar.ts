import { type DateToken, type DateUnit, dateTokens } from './date-tokens.js';

/**
 * The grammar of spoken dates and months (issue 11): date tokens → the parts a line names, each
 * at most once, in any order (`el martes de la semana pasada` = `la semana pasada el martes`).
 * It only reads; date-words.ts resolves the parts against today. A token the grammar has no
 * place for makes the whole line "not a date", so remarks (`tc del lunes lo mando yo`) stay silent.
 */

/** A run of numbers and month names: `20 nov 2026`, `20/11`, `noviembre 20`, `2026-11-20`. */
export type CalendarItem = Extract<DateToken, { kind: 'num' } | { kind: 'month' }>;

export type WeekdayMod = 'past' | 'this' | 'next';

export interface DateSpec {
  /** Days from today (`ayer`). */
  rel?: number;
  /** `hace 2 semanas`, `3 días atrás`: counted back from today. */
  ago?: { unit: DateUnit; count: number };
  weekday?: { value: number; mod?: WeekdayMod };
  /** Weeks, months, years counted from the current one (`la semana pasada`, `este mes`, `el año pasado`). */
  week?: number;
  month?: number;
  year?: number;
  /** `mes` alone (`del mes` = this month; `mes de octubre`). */
  bareMonth?: true;
  /** `semana` or `año` alone: too vague for a day (`fin de año`). */
  vague?: true;
  calendar?: CalendarItem[];
  /** `fin`, `cierre`, `último día` (of a month). */
  end?: true;
  /** `último día hábil` (of a month, or before today). */
  business?: true;
  /** `actual`, `vigente`. */
  current?: true;
  /** `pasado`/`anterior` alone (a period: last month). */
  past?: true;
  /** A time of day was given (ignored). */
  time?: true;
}

type Key = keyof DateSpec;

const isWord = (token: DateToken | undefined, word: string): boolean =>
  token?.kind === 'word' && token.word === word;
const isSuffix = (token: DateToken | undefined): boolean => token?.kind === 'time' && token.suffix === true;
const MODS: ReadonlySet<string> = new Set(['past', 'this', 'next']);

/** Parses date tokens into a spec, or undefined when some token has no place (or a part repeats). */
export function parseDateSpec(list: readonly DateToken[]): DateSpec | undefined {
  const spec: DateSpec = {};
  let ok = true;
  const put = <K extends Key>(key: K, value: DateSpec[K]) => {
    if (spec[key] !== undefined && key !== 'time') ok = false;
    spec[key] = value;
  };
  let at = 0;
  const step = (): void => {
    const token = list[at];
    const next = list[at + 1];
    if (token === undefined) return;
    // Times of day: `a las 9`, `a las 3 pm`, `9 de la mañana`, `6pm`, `en la tarde`.
    if (isWord(token, 'at')) {
      at += 1;
      if (list[at]?.kind === 'num') at += 1;
      if (isSuffix(list[at])) at += 1;
      return put('time', true);
    }
    if (token.kind === 'num' && isSuffix(next)) {
      at += 2;
      return put('time', true);
    }
    if (token.kind === 'time') {
      at += 1;
      return put('time', true);
    }
    // Offsets back from today: `hace 2 días (atrás)`, `2 semanas atrás`.
    const counted = isWord(token, 'hace') ? 1 : 0;
    const count = list[at + counted];
    const unit = list[at + counted + 1];
    if (count?.kind === 'num' && unit?.kind === 'unit' && (counted || isWord(list[at + 2], 'atras'))) {
      at += counted + 2;
      if (isWord(list[at], 'atras')) at += 1;
      return put('ago', { unit: unit.unit, count: count.value });
    }
    // Weekdays with their modifier before or after: `el lunes pasado`, `este martes`, `el próximo lunes`.
    if (token.kind === 'word' && MODS.has(token.word) && next?.kind === 'weekday') {
      at += 2;
      return put('weekday', { value: next.value, mod: token.word as WeekdayMod });
    }
    if (token.kind === 'weekday') {
      const after =
        next?.kind === 'word' && (next.word === 'past' || next.word === 'next') ? next.word : undefined;
      at += after ? 2 : 1;
      return put('weekday', after ? { value: token.value, mod: after } : { value: token.value });
    }
    if (token.kind === 'num' || token.kind === 'month') {
      const run: CalendarItem[] = [];
      for (let item = list[at]; item?.kind === 'num' || item?.kind === 'month'; item = list[at]) {
        run.push(item);
        at += 1;
      }
      return put('calendar', run);
    }
    at += 1;
    switch (token.kind) {
      case 'rel':
        return put('rel', token.days);
      case 'ref':
        return token.unit === 'day' ? put('rel', token.offset) : put(token.unit, token.offset);
      case 'unit':
        // `día` is a filler (`el día 5`, `del día de hoy`); `mes` before a month name too.
        if (token.unit === 'day') return;
        if (token.unit === 'month') return next?.kind === 'month' ? undefined : put('bareMonth', true);
        return put('vague', true);
      case 'word':
        if (
          token.word === 'end' ||
          token.word === 'business' ||
          token.word === 'current' ||
          token.word === 'past'
        ) {
          return put(token.word, true);
        }
        ok = false;
        return;
      default:
        ok = false;
    }
  };
  while (ok && at < list.length) step();
  return ok ? spec : undefined;
}

/** Shortcut: a typed argument straight to its spec. */
export function dateSpecOf(raw: string): DateSpec | undefined {
  return parseDateSpec(dateTokens(raw));
}

/** True when `spec` names nothing besides `keys` (a time of day is always allowed). */
export function only(spec: DateSpec, ...keys: Key[]): boolean {
  return (Object.keys(spec) as Key[]).every((key) => key === 'time' || keys.includes(key));
}
