import { UserError } from './user-error.js';

export { echo } from './user-error.js';

/**
 * Helpers to pick the identifier out of free chat text, shared by the validators: people write
 * `ruc del cliente 20123456786` or `placa ABC 123`, and we want the one token that matters.
 */

// Sentence punctuation glued to a word: `¿ruc 20123456786?`, `placa ABC-123.`
// Also brackets, quotes and emoji glued to a word: `(20123456786)`, `20123456786🙏`.
const LEADING_PUNCTUATION = /^[¿¡("'«“]+/u;
const TRAILING_PUNCTUATION = /[?!,;.:)"'»”…\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]+$/u;

/** Splits on any whitespace, strips sentence punctuation around each token, drops empties. */
export function tokens(raw: string): string[] {
  return raw
    .trim()
    .split(/\s+/u)
    .map((t) => t.replace(LEADING_PUNCTUATION, '').replace(TRAILING_PUNCTUATION, ''))
    .filter((t) => t.length > 0);
}

/** The first token that contains a digit, else the first token, else ''. */
export function pickToken(raw: string): string {
  const all = tokens(raw);
  return all.find((t) => /\d/u.test(t)) ?? all[0] ?? '';
}

/** True for a token holding at least one digit (an identifier candidate). */
export function hasDigit(token: string): boolean {
  return /\d/u.test(token);
}

/** How many digits a token holds (`20-12345678-6` → 11). */
export function digitCount(token: string): number {
  return token.match(/\d/gu)?.length ?? 0;
}

/**
 * The chatter test for identifier arguments: some token holds a digit and no plain word (letters,
 * no digit) follows the first such token. `ABC 123` and `del camión ABC-123` pass; `2 veces`,
 * `123 vencido` and `20123456786 por favor` do not.
 */
export function endsAtIdentifier(words: readonly string[]): boolean {
  const first = words.findIndex(hasDigit);
  if (first === -1) return false;
  return words.slice(first + 1).every((word) => hasDigit(word) || !/\p{L}/u.test(word));
}

/**
 * Refuses several identifiers in one message (`ruc 20123456786 20601234565`): each lookup costs
 * a credit and answers one thing, so the user is asked to send one per message.
 * Throws UserError: one-at-a-time (`que`: "un RUC", "una placa"…).
 */
export function assertSingle(found: readonly string[], que: string): void {
  if (found.length > 1) throw new UserError('one-at-a-time', { que, cantidad: found.length });
}
