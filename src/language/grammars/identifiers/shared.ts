import { UserError } from '../../../errors/user-error.js';
import { ONE_OF, type IdentifierKind } from '../../lexicon/es/display.js';
import type { WordClass } from '../../lexicon/index.js';
import { normalizeLine } from '../../normalize.js';
import { type Token, tokenize } from '../../tokenize.js';
import type { SlotMatch, SlotResult } from '../types.js';

/*
 * Small pieces every identifier grammar uses: which tokens count, how a match is built, and how
 * one typed line becomes the tokens a grammar reads.
 */

/**
 * Social words around an identifier (`porfa`, `gracias`, `urgente`, `equipo`, `jaja`): they
 * change nothing about it, before or after.
 */
export const SOCIAL_CLASSES: ReadonlySet<WordClass> = new Set<WordClass>([
  'courtesy',
  'thanks',
  'regards',
  'addressee',
  'urgency',
  'farewell',
  'laughter',
]);

/** A token that carries something: not punctuation or emoji alone. */
export function isContent(token: Token): boolean {
  return token.shape !== 'punct' && token.shape !== 'emoji';
}

/** A token holding digits that may be (part of) an identifier; a mention (`@519…`) is not. */
export function holdsDigits(token: Token): boolean {
  return token.shape === 'number' || token.shape === 'alnum';
}

/** A lone dash between the parts of a number or plate (`45678912 - 4`, `C3X - 918`). */
export function isDash(token: Token | undefined): boolean {
  return token?.shape === 'punct' && token.text === '-';
}

/** How many digits a text holds (`20-12345678-6` → 11). */
export function digitCount(text: string): number {
  let count = 0;
  for (const char of text) if (char >= '0' && char <= '9') count += 1;
  return count;
}

/** A match of `[start, end)` with its result and the rules that decided. */
export function matched<V>(
  start: number,
  end: number,
  result: SlotResult<V>,
  because: readonly string[],
): SlotMatch<V> {
  return { start, end, result, because };
}

/** The `one-at-a-time` error for several identifiers of one kind (one credit, one answer). */
export function oneAtATime(kind: IdentifierKind | string, count: number): UserError {
  const que = kind in ONE_OF ? ONE_OF[kind as IdentifierKind] : kind;
  return new UserError('one-at-a-time', { que, cantidad: count });
}

/** The tokens of one argument as typed, normalised once (as understand reads a line). */
export function readLine(raw: string): Token[] {
  return tokenize(normalizeLine(raw));
}

/** The texts of `tokens[start, end)` joined by single spaces. */
export function spanText(tokens: readonly Token[], start: number, end: number): string {
  return tokens
    .slice(start, end)
    .map((token) => token.text)
    .join(' ');
}

/** Fewer digits are no attempt at a RUC or DNI (`T001-43`, `08:30`, `2 veces`): another slot's. */
export const MIN_IDENTIFIER_DIGITS = 6;

/**
 * A number of fewer digits is still an attempt when it is the whole argument (`ruc 2012`,
 * `licencia 4123`): told why it is no identifier, at no cost.
 */
export function wholeArgument(tokens: readonly Token[], start: number, end: number): boolean {
  const words = tokens.filter((token) => token.shape !== 'punct' && token.shape !== 'emoji');
  const numbers = tokens
    .slice(start, end)
    .every((token) => token.shape === 'number' || token.shape === 'punct');
  return numbers && words.length > 0 && words.length <= end - start;
}

/** Digits of a number typed as an identifier: a second one means "two of them". */
export const IDENTIFIER_DIGITS = 8;

/**
 * The one candidate of a line (the first `typed` as an identifier, else the first), or the
 * `one-at-a-time` error spanning several typed ones (`kind` names them in the reply); undefined
 * when there is none.
 */
export function pickOne<C extends { start: number; end: number }>(
  candidates: readonly C[],
  kind: IdentifierKind,
  typedOf: (candidate: C) => boolean,
  valueOf?: (candidate: C) => string | undefined,
): { candidate: C } | { several: SlotMatch<never> } | undefined {
  const typed = candidates.filter(typedOf);
  // The same value written again (`placa 1234-5A … placa 1234-5A`, `2060…, repito, 2060…`) is one.
  const once = valueOf && sameValue(typed, valueOf);
  if (once) return { candidate: { ...typed[0]!, end: typed[typed.length - 1]!.end } };
  if (typed.length > 1) {
    const error = oneAtATime(kind, typed.length);
    return {
      several: matched(typed[0]!.start, typed[typed.length - 1]!.end, { error }, [`${kind}-several`]),
    };
  }
  const candidate = typed[0] ?? candidates[0];
  return candidate && { candidate };
}

/** True when there are several `items` and `valueOf` gives each the same defined value. */
export function sameValue<C>(items: readonly C[], valueOf: (item: C) => string | undefined): boolean {
  if (items.length < 2) return false;
  const first = valueOf(items[0]!);
  return first !== undefined && items.every((item) => valueOf(item) === first);
}
