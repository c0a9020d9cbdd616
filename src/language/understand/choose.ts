import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import type { Candidate } from './scan.js';
import type { Judged } from './slots.js';
import { YIELDING_TAILS } from './tail.js';

/**
 * Choosing among the command words a line names, once each is judged (understand.ts): the first
 * request, unless an asking word or a yielding tail gives way to a later one.
 */

/**
 * Which of the commands a line names it asks for: the first that reads as a request, except that
 * a command named by an asking verb (`verificar`, `ayuda`, `confírmame`) gives way to a later one
 * with a valid value (`me confirmas el dni …`, `verificar la placa …`), and a command named after
 * the value is the one asked about (`¿el ruc … tiene deuda?` asks for deuda, not ruc).
 */
export function pickCandidate(
  all: readonly JudgedCandidate[],
  keys: readonly string[],
): JudgedCandidate | undefined {
  const first = firstRequest(all);
  if (!first || !yields(first)) return first;
  // Not a word the first request's slots read (`factura F001-123 en xml que …`: xml is its format),
  // nor one inside the reason given for it (`…, dado que debemos notificar a la empresa`).
  const argsEnd = first.judged.argsEnd ?? 0;
  const late = all.find(
    (c) =>
      c.match.lateFrom !== undefined &&
      c.match.start > first.match.end &&
      c.match.start >= argsEnd &&
      valued(c.judged) &&
      !causeBetween(keys, argsEnd, c.match.start),
  );
  return late ?? first;
}

const REASON: ReadonlySet<WordClass> = new Set(['reason']);
/** One-word reasons that may also open a question about the value (`¿el ruc … que tiene deuda?`). */
const BARE_REASONS: ReadonlySet<string> = new Set(['que', 'q', 'para', 'pa', 'xa']);

/** A reason opened between `from` and `to` by a word that only gives one (`porque`, `dado que`). */
function causeBetween(keys: readonly string[], from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const length = lexicon.lengthAt(keys, at, REASON);
    if (length > 1 || (length === 1 && !BARE_REASONS.has(keys[at] ?? ''))) return true;
  }
  return false;
}

export interface JudgedCandidate {
  readonly match: Candidate;
  readonly judged: Judged;
  readonly asking: boolean;
}

/** A request with a valid value (not an error, not a missing slot). */
const valued = (judged: Judged) =>
  judged.request && judged.reading.args !== undefined && 'value' in judged.reading.args;

/** The first request, past asking words that give way to a later valued request. */
function firstRequest(all: readonly JudgedCandidate[]): JudgedCandidate | undefined {
  return all.find(
    (c, i) => c.judged.request && !(c.asking && all.slice(i + 1).some((l) => valued(l.judged))),
  );
}

/** A request whose tail reads as the start of a later command's line gives way to that one. */
function yields(first: JudgedCandidate): boolean {
  return (
    first.match.lateFrom === undefined &&
    first.judged.reading.because.some((rule) => YIELDING_TAILS.has(rule))
  );
}

/**
 * True when no later command word can change `pickCandidate`'s choice: `last` (the newest) is a
 * valued request that does not ask, so earlier asking words give way to it and an earlier
 * request stays first; unless the first yields to a command word after the value.
 */
export function settled(all: readonly JudgedCandidate[], last: JudgedCandidate): boolean {
  if (last.asking || !valued(last.judged)) return false;
  const first = firstRequest(all);
  return first !== undefined && !yields(first);
}
