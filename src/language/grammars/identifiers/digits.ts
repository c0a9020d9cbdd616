import type { Token } from '../../tokenize.js';
import { isDash } from './shared.js';

/**
 * Numbers as people type them: in one token with separators (`20-12345678-6`, `45.678.912`) or
 * in groups apart (`4567 8912`, `45 678 912`, `456 78 912`, `20 123 456 786`, `20 12345678 6`).
 * The RUC, DNI and mobile grammars read their digits through here, so every grouping works for
 * all of them.
 */

/** Digits joined by single dots or hyphens, nothing else: unambiguous, so it cannot backtrack. */
const SEPARATED = /^\d+(?:[.-]\d+)*$/u;
/** A group of a number typed apart: digits only. */
const GROUP = /^\d+$/u;
/**
 * Digits of a group after a complete grouped number that make the whole one longer number: 4 to
 * 7 (`1234 5678 9012`); shorter is the next thing's start, 8 or more an identifier of its own.
 */
const OVERSHOOT_MIN = 4;
const OVERSHOOT_MAX = 7;

/** The digits of a token written as one number (`20-12345678-6` → `20123456786`), else undefined. */
export function numberDigits(text: string): string | undefined {
  return SEPARATED.test(text) ? text.replace(/[.-]/gu, '') : undefined;
}

/** A number found at a position: its digits and the tokens it spans. */
export interface DigitRun {
  readonly digits: string;
  readonly start: number;
  readonly end: number;
  /** Typed in groups apart (`4567 8912`): the rule `…-grouped` decided. */
  readonly grouped: boolean;
  /** As typed, for error replies (`4567 891`). */
  readonly text: string;
}

/** The group after `end`, past one dash (`45 - 678 - 912`), as its index, or undefined. */
function groupAfter(tokens: readonly Token[], end: number): number | undefined {
  const next = isDash(tokens[end]) ? end + 1 : end;
  const group = tokens[next];
  return group !== undefined && GROUP.test(group.text) ? next : undefined;
}

/**
 * The number that starts at `tokens[at]`, looking for `want` digits: one token, or groups of
 * digits apart (a dash between groups allowed) taken while they fit in `want`. A run of groups
 * that misses `want`, or is followed by one more group of 4–7 digits, is still returned with all
 * its digits (grouped, so the count is wrong), so a reply can say "tiene 7 dígitos" about what was
 * typed instead of guessing. Undefined when `tokens[at]` is not a number.
 */
export function digitRunAt(tokens: readonly Token[], at: number, want: number): DigitRun | undefined {
  const first = tokens[at];
  const digits = first === undefined ? undefined : numberDigits(first.text);
  if (first === undefined || digits === undefined) return undefined;
  const single: DigitRun = { digits, start: at, end: at + 1, grouped: false, text: first.text };
  if (!GROUP.test(first.text) || digits.length >= want) return single;
  let joined = digits;
  let end = at + 1;
  const texts = [first.text];
  const take = (group: number) => {
    const text = tokens[group]!.text;
    joined += text;
    texts.push(text);
    end = group + 1;
  };
  for (let group = groupAfter(tokens, end); group !== undefined; group = groupAfter(tokens, end)) {
    if (joined.length + tokens[group]!.text.length > want) break;
    take(group);
    if (joined.length === want) break;
  }
  // `1234 5678 9012` is no 8-digit number followed by more: the whole is what was typed. A short
  // group after it is the next thing (`4123 4567 987 654 321`: a DNI, then a phone).
  const more = texts.length > 1 && joined.length === want ? groupAfter(tokens, end) : undefined;
  const extra = more === undefined ? 0 : tokens[more]!.text.length;
  if (more !== undefined && extra >= OVERSHOOT_MIN && extra <= OVERSHOOT_MAX) take(more);
  if (texts.length === 1) return single;
  return { digits: joined, start: at, end, grouped: true, text: texts.join(' ') };
}
