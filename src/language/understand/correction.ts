import { holdsDigits } from '../grammars/identifiers/shared.js';
import type { WordClass } from '../lexicon/types.js';
import { keysOf, type Token } from '../tokenize.js';
import { classAt, isMark } from './line.js';

/**
 * A value written again right after a wrong one, in one line: `ruc 20601234566 no perdón
 * 20601234565`, `placa ABC132, digo, ABC123`, `la deuda del 2060…… no, perdón, el RUC es 2010…`.
 * The words from the first value up to the second are dropped, so the line reads as if typed
 * right (rule `corrected-value`). Between the two values there must be a correction (`digo`,
 * `mejor dicho`, `me equivoqué`) or an apology (`perdón`), and besides it only marks, `no`,
 * determiners and `de`, the concept named again, `es`/`era`, courtesy (`porfa`) and fillers (`este`);
 * the two values look alike (digits in both,
 * the same shape, about as long). `ruc 2060… y el 2010…` stays two values, and so does a value
 * after other words (`ruc 2060… perdón la hora, el dni 4123…`). A line that starts by
 * correcting the request on the line before (`no, perdón, el RUC es …`) is read joined to it
 * (lines.ts, rule `corrected-line`).
 */

const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
const MARKER = set('correction', 'apology');
const FILLER = set(
  'article',
  'demonstrative',
  'possessive',
  'preposition',
  'concept',
  'label',
  'state-verb',
  'negation',
  'courtesy',
  'discourse',
);
/** Tokens between the two values at most (`no, no, perdón, el RUC correcto es`). */
const MAX_GAP = 10;

/** The line's tokens with each wrong value and its correction dropped, or undefined when none. */
export function correctedTokens(tokens: readonly Token[], keys: readonly string[]): Token[] | undefined {
  let out: Token[] | undefined;
  let words = tokens;
  let wordKeys = keys;
  for (let first = 0; first < words.length; first++) {
    if (!holdsDigits(words[first]!)) continue;
    const second = correctionAfter(words, wordKeys, first);
    if (second === undefined) continue;
    out = [...words.slice(0, first), ...words.slice(second)];
    words = out;
    wordKeys = keysOf(out);
    first -= 1; // the value now at `first` may be corrected again (`X, digo Y, perdón Z`)
  }
  return out;
}

/** Where the value that corrects the one at `first` is, or undefined. */
function correctionAfter(
  tokens: readonly Token[],
  keys: readonly string[],
  first: number,
): number | undefined {
  let marked = false;
  for (let at = first + 1; at < tokens.length && at - first <= MAX_GAP;) {
    const token = tokens[at]!;
    if (holdsDigits(token)) return marked && alike(tokens[first]!, token) ? at : undefined;
    const length = isMark(token) ? 1 : classAt(keys, at, MARKER);
    if (length > 0) {
      marked ||= !isMark(token);
      at += length;
      continue;
    }
    const filler = classAt(keys, at, FILLER);
    if (filler === 0) return undefined;
    at += filler;
  }
  return undefined;
}

const DIGIT = /\d/gu;

/** Two values of one kind: the same shape, as many digits give or take one, about as long. */
function alike(a: Token, b: Token): boolean {
  const digits = (token: Token) => token.text.match(DIGIT)?.length ?? 0;
  return (
    a.shape === b.shape &&
    Math.abs(digits(a) - digits(b)) <= 1 &&
    Math.abs(a.text.length - b.text.length) <= 2
  );
}

const OPENING = set('negation', 'ack', 'discourse');

/** A line that starts by correcting the one before it: `no, perdón, el RUC es …`, `digo ABC-123`. */
export function opensWithCorrection(tokens: readonly Token[], keys: readonly string[]): boolean {
  let at = 0;
  while (at < tokens.length && (isMark(tokens[at]) || classAt(keys, at, OPENING) > 0))
    at += Math.max(1, classAt(keys, at, OPENING));
  return classAt(keys, at, MARKER) > 0 && tokens.slice(at).some(holdsDigits);
}
