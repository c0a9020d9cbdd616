import type { Weekday } from '../../time/lima.js';
import { lexicon } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';
import { type Atoms, atomsOf, classes, isAt, phraseAt, tokenSpan } from './atoms.js';
import type { SlotGrammar } from './types.js';

/**
 * Weekdays (`lunes`, `mié`, `sábados`) with the word that places them: `este martes`, `el
 * próximo lunes`, `el lunes pasado`, `el viernes que viene`, `el último domingo`. `mar` is March in
 * a date and Tuesday among the days of a schedule (ambiguities.ts, `calendar-context`).
 */

/** Which one: the latest before today (`past`, also the default), this week's, or the next. */
export type WeekdayMod = 'past' | 'this' | 'next';

export interface WeekdayRead {
  readonly value: Weekday;
  readonly mod?: WeekdayMod;
  readonly length: number;
  readonly rule: string;
}

/** Where a weekday is read: in a date `mar` is March; in a schedule, Tuesday. */
export type CalendarContext = 'date' | 'schedule';

const WEEKDAY = classes('weekday');
const MODIFIER = classes('unit-modifier');
const KEYWORD = classes('date-keyword');

/** The bare weekday at atom `at` (no modifier). */
export function dayNameAt(atoms: Atoms, at: number, context: CalendarContext): Weekday | undefined {
  const k = atoms.keys[at];
  if (k === undefined || atoms.list[at]?.mark) return undefined;
  if (context === 'date' && isAt(atoms, at, 'month')) return undefined;
  const hit = phraseAt(atoms, at, WEEKDAY);
  return hit ? (hit.entry.value as Weekday) : undefined;
}

function modOf(offset: unknown, before: boolean): WeekdayMod | undefined {
  if (offset === 0) return before ? 'this' : undefined;
  if (offset === 1) return 'next';
  if (offset === -1) return 'past';
  return undefined;
}

/** A weekday with the modifier before or after it, starting at atom `at`. */
export function weekdayAt(
  atoms: Atoms,
  at: number,
  context: CalendarContext = 'date',
): WeekdayRead | undefined {
  const modifier = phraseAt(atoms, at, MODIFIER);
  const before = modifier && modOf(modifier.entry.value, true);
  const keyword = phraseAt(atoms, at, KEYWORD);
  // `el último domingo`: the latest one.
  const last = keyword?.entry.value === 'end' && keyword.length === 1;
  const lead = before ? modifier.length : last ? 1 : 0;
  const value = dayNameAt(atoms, at + lead, context);
  if (value === undefined) {
    const bare = lead > 0 ? undefined : dayNameAt(atoms, at, context);
    return bare === undefined ? undefined : { value: bare, length: 1, rule: 'weekday' };
  }
  // A modifier after the day says which one (`este miércoles pasado` is the latest).
  const after = phraseAt(atoms, at + lead + 1, MODIFIER);
  const mod = after && modOf(after.entry.value, false);
  if (after && mod) return { value, mod, length: lead + 1 + after.length, rule: 'weekday-modifier-after' };
  if (before) return { value, mod: before, length: lead + 1, rule: 'weekday-modifier-before' };
  if (last) return { value, mod: 'past', length: 2, rule: 'weekday-last' };
  return { value, length: 1, rule: 'weekday' };
}

/**
 * A weekday's name as users read it: `long` (`miércoles`) or `short` (`mié`), the first two forms
 * of its lexicon entry, accents kept.
 */
export function weekdayName(day: Weekday, style: 'long' | 'short'): string {
  const entry = lexicon.ofClass('weekday').find((e) => e.value === day);
  return entry?.forms[style === 'long' ? 0 : 1] ?? String(day);
}

/** The first weekday of a line with its modifier (0 = Sunday … 6 = Saturday). */
export const weekdayGrammar: SlotGrammar<{ weekday: Weekday; mod?: WeekdayMod }> = {
  name: 'weekday',
  find(tokens: readonly Token[]) {
    const atoms = atomsOf(tokens);
    for (let at = 0; at < atoms.list.length; at++) {
      const read = weekdayAt(atoms, at);
      if (!read) continue;
      const value = read.mod ? { weekday: read.value, mod: read.mod } : { weekday: read.value };
      return { ...tokenSpan(atoms, at, at + read.length), result: { value }, because: [read.rule] };
    }
    return undefined;
  },
};
