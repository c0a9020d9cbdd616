import { fold } from '../text/fold.js';
import { endsAtIdentifier, hasDigit, tokens } from '../input/args.js';
import type { ArgShape } from './command.js';

/**
 * Pure text handling of the router: normalisation, command-word folding, addressing (prefix,
 * mention, direct chat) and the "attempt or chatter?" rule. No I/O, so it is fuzzed directly.
 */

/** Longest text the router looks at; WhatsApp itself caps a message at 65,536 characters. */
export const MAX_INPUT_LENGTH = 65_536;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
// Zero-width chars, bidi marks/overrides/isolates, word joiner, BOM, soft hyphen.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/g;
// Emoji variation selectors: invisible modifiers that would make `ruc\uFE0F` a different word.
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]/g;
const PREFIXES = new Set(['/', '!', '.']);
// `@51900000000`, `@51900000000,` `(@51900000000)` `@51900000000👋` … at a word start; not `@123abc`.
const MENTION_TOKEN =
  /(^|\s)[([«"'“]?@(\d+)(?:(?:[\p{P}\p{S}\p{Extended_Pictographic}\u200D]+|\s+[,;:\-–—]+)(?=\s|$|\p{L})|(?=\s|$))/gu;
// Hyphen look-alikes (en/em dash, minus, small/full-width hyphen) phones and Word insert: `C3X–918`.
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu;
// WhatsApp's bold, italic and strike marks at a word's edges: `*20123456786*`, `_ABC-123_`.
const FORMAT_MARKS = /(?<=^|\s)[*_~]+(?=[^\s*_~])|(?<=[^\s*_~])[*_~]+(?=\s|$)/gu;
// A word of letters (and hyphens, `dni-ruc`) followed by a colon and maybe the first argument.
const COMMAND_LABEL = /^(\p{L}[\p{L}\p{M}-]*):(.*)$/u;

/**
 * Trims, strips control/zero-width/bidi characters and lone surrogates, applies NFKC (so
 * full-width `２０１２３４５６７８６` or `ＲＵＣ` from some keyboards read as ASCII), turns dash
 * look-alikes into `-`, collapses spaces.
 */
export function normalizeText(raw: string): string {
  const bounded = raw.length > MAX_INPUT_LENGTH ? raw.slice(0, MAX_INPUT_LENGTH) : raw;
  return bounded
    .replace(LONE_SURROGATE, '')
    .replace(CONTROL, ' ')
    .replace(INVISIBLE, '')
    .replace(VARIATION_SELECTOR, '')
    .replace(/([Nn])º/gu, '$1°') // `Nº RUC`: NFKC would make the ordinal sign an `o` (`No RUC`)
    .normalize('NFKC')
    .replace(DASHES, '-')
    .replace(FORMAT_MARKS, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Digits of the user part of a WhatsApp id: `51987654321:3@s.whatsapp.net` → `51987654321`. */
export function idDigits(id: string): string {
  const user = id.split('@')[0] ?? '';
  return (user.split(':')[0] ?? '').replace(/\D/g, '');
}

export type AddressedVia = 'prefix' | 'mention' | 'direct';

export interface ParsedText {
  /** How the message was addressed to the bot; undefined for plain group text. */
  via?: AddressedVia;
  /** The prefix character when one was used (also set for mentions/direct chats that used one). */
  prefix?: string;
  /** The command word as typed (normalised, not folded). */
  word: string;
  /** Folded command word used for lookups. */
  folded: string;
  /** Everything after the command word, normalised. */
  rawArgs: string;
}

export interface ParseInput {
  text: string;
  isGroup: boolean;
  /** Ids the bot is known by (transport.selfIds()). */
  selfIds: readonly string[];
  /**
   * Ids the platform says are mentioned. Not used for addressing: only the bot's @ token in the
   * text addresses it (a "tag everyone" message lists every member here).
   */
  mentionedIds?: readonly string[];
}

/**
 * Splits a message into addressing, command word and arguments. Returns undefined when the text
 * holds no word at all (empty, only a mention, only punctuation prefix).
 */
export function parseText(input: ParseInput): ParsedText | undefined {
  let text = normalizeText(input.text);
  if (!text) return undefined;
  let via: AddressedVia | undefined = input.isGroup ? undefined : 'direct';

  // Mention tokens (`@<digits>` of the bot or anyone else, with trailing punctuation: `@bot,`
  // `@bot:`) are not words of the command. The bot is addressed only when ITS token is in the
  // text: a "tag everyone" announcement lists the bot in mentionedJid without writing its @.
  const selfDigits = new Set(input.selfIds.map(idDigits).filter((digits) => digits.length > 0));
  let mentionedSelf = false;
  text = text
    .replace(MENTION_TOKEN, (_match, before: string, digits: string) => {
      if (selfDigits.has(digits)) mentionedSelf = true;
      return `${before} `;
    })
    .replace(/\s+/gu, ' ')
    .trim();
  if (mentionedSelf) via = via ?? 'mention';

  // `¿ruc 20123456786?`: Spanish opening marks are not part of the command word.
  text = text.replace(/^[¿¡]+\s*/u, '');
  let prefix: string | undefined;
  const head = text.charAt(0);
  if (PREFIXES.has(head) && /^\p{L}/u.test(text.slice(1))) {
    prefix = head;
    text = text.slice(1);
    via = via ?? 'prefix';
  }

  const space = text.indexOf(' ');
  let word = space === -1 ? text : text.slice(0, space);
  let rawArgs = space === -1 ? '' : text.slice(space + 1);
  // `RUC: 20123456786`, `placa:ABC-123`: a colon after the command word is a label, not part of it.
  const labelled = COMMAND_LABEL.exec(word);
  if (labelled) {
    word = labelled[1] ?? '';
    const glued = labelled[2] ?? '';
    rawArgs = glued === '' ? rawArgs : rawArgs === '' ? glued : `${glued} ${rawArgs}`;
  }
  if (!word) return undefined;
  const parsed: ParsedText = { word, folded: fold(word), rawArgs };
  if (via) parsed.via = via;
  if (prefix) parsed.prefix = prefix;
  return parsed;
}

/**
 * The default "is this an attempt?" rule for an unaddressed group message whose first word is a
 * command: free text never (it costs credits), no-argument commands only bare, optional arguments
 * when empty or starting with a digit, identifiers when short (≤ 4 words) and holding a digit.
 * For both, no plain word may follow the identifier: `placa 2 veces`, `carnet 123 vencido` and
 * `comisiones 3 vendedores` are chatter, while `ruc 2010007097` and `placa 12` are (wrong) attempts.
 */
export function looksLikeAttempt(shape: ArgShape, rawArgs: string): boolean {
  // Punctuation-only tokens (`-`, `?`) neither count as words nor end an identifier.
  const words = tokens(rawArgs).filter((token) => /[\p{L}\p{N}]/u.test(token));
  switch (shape) {
    case 'text':
      return false;
    case 'none':
      return words.length === 0;
    case 'optional':
      return words.length === 0 || (hasDigit(words[0] ?? '') && endsAtIdentifier(words));
    case 'required': {
      // `dirección de entrega: Av. Argentina 2345`: a short number after several plain words is
      // part of what is said (an address, a count), not an identifier typed for the command.
      const at = words.findIndex((word) => /\d/u.test(word));
      const plainBefore = words.slice(0, Math.max(at, 0)).filter((word) => !/\d/u.test(word)).length;
      if (plainBefore >= 2 && /^\d{1,5}$/u.test(words[at] ?? '')) return false;
      return words.length > 0 && words.length <= 4 && endsAtIdentifier(words);
    }
  }
}

/**
 * Edit distance counting an adjacent swap as one edit (optimal string alignment), so `rcu` is one
 * edit from `ruc`. Gives up (returning `limit + 1`) once the distance must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * The closest known word: at most 2 edits, or 1 for words under 5 letters (so `hola` does not
 * suggest `help` and `x` suggests nothing); ties go to the first candidate. Candidates are folded.
 */
export function closestWord(folded: string, candidates: readonly string[]): string | undefined {
  const limit = folded.length >= 5 ? 2 : folded.length >= 2 ? 1 : 0;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistance(folded, candidate, limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
