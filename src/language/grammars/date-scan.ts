import { UserError } from '../../errors/user-error.js';
import { type Atoms, classes, phraseAt, tokenSpan } from './atoms.js';
import { type DateSpan, only, readDateStartingAt } from './date-parts.js';
import type { SlotMatch } from './types.js';

/**
 * How the date and period grammars look through a line: the first reading whose parts resolve,
 * and a second one making an `one-at-a-time` error.
 */

/** A reading resolved by `resolve`, with the rule that did it. */
export interface Resolved<R> {
  readonly span: DateSpan;
  readonly value: R;
  readonly rules: readonly string[];
}

/** The first reading at or after atom `from` that `resolve` gives a value (a day, if `dayOnly`). */
function nextResolved<R>(
  atoms: Atoms,
  from: number,
  resolve: (span: DateSpan) => { value: R; rule: string } | undefined,
  dayOnly = false,
): Resolved<R> | undefined {
  for (let at = from; at < atoms.list.length; at++) {
    const span = readDateStartingAt(atoms, at);
    if (!span) continue;
    // After a day, a time of day alone is when something is due (`… de hoy, antes de las 5`,
    // `para la reunión de las 3`), not a second date.
    const resolved = dayOnly && only(span.spec) ? undefined : resolve(span);
    if (resolved) return { span, value: resolved.value, rules: [...span.rules, resolved.rule] };
    // Parts that make no day (`la semana pasada`, `pasado setiembre`) are passed over whole: a
    // part of them read alone would be a guess.
    at = Math.max(at, span.end - 1);
  }
  return undefined;
}

/** Words that may join two dates of one request: `y`, `o`, `de`, `al`, `el`, `también`, marks. */
const JOINING = classes('conjunction', 'preposition', 'article', 'concept', 'adverb');
/** Atoms between two dates joined so at most (`, y también el de`). */
const MAX_JOINING = 5;

/** The atoms `[from, to)` only join two dates (see JOINING). */
function joined(atoms: Atoms, from: number, to: number): boolean {
  let words = 0;
  for (let at = from; at < to;) {
    if (atoms.list[at]?.mark) {
      at += 1;
      continue;
    }
    const hit = phraseAt(atoms, at, JOINING);
    if (!hit || ++words > MAX_JOINING) return false;
    at += hit.length;
  }
  return true;
}

/** The first reading, or one `one-at-a-time` error when a second follows it (`que`: "una fecha"). */
export function onlyReading<R>(
  atoms: Atoms,
  resolve: (span: DateSpan) => { value: R; rule: string } | undefined,
  que: string,
): Resolved<R> | SlotMatch<never> | undefined {
  const first = nextResolved(atoms, 0, resolve);
  if (!first) return undefined;
  const second = nextResolved(atoms, first.span.end, resolve, !only(first.span.spec));
  // Two dates asked for are joined (`de ayer y de hoy`, `del 20, 21`); words between them that
  // say more (`el dólar mañana va a subir, compren hoy`) leave the second to what follows.
  if (!second || !joined(atoms, first.span.end, second.span.start)) return first;
  return {
    ...tokenSpan(atoms, first.span.start, second.span.end),
    result: { error: new UserError('one-at-a-time', { que }) },
    because: ['one-at-a-time'],
  };
}
