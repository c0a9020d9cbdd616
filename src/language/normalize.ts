/**
 * Text as typed → text the grammars read: NFKC (full-width `ＲＵＣ２０…` from some keyboards reads as
 * ASCII), control, zero-width and bidi characters removed, lone surrogates dropped, dash
 * look-alikes made `-`, WhatsApp bold, italic and strike marks at word edges removed, spaces
 * collapsed. Lines are kept apart: a message may hold several requests, one per line.
 */

/** Longest text read at all; WhatsApp itself caps a message at 65,536 characters. */
export const MAX_INPUT_LENGTH = 65_536;
/** Lines of one message read as separate requests; the rest is never looked at. */
export const MAX_LINES = 40;
/** Characters of one line read; a longer line is pasted text, read only up to here. */
export const MAX_LINE_LENGTH = 600;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/u;
// Zero-width chars, bidi marks/overrides/isolates, word joiner, BOM, soft hyphen.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/g;
// Emoji variation selectors: invisible modifiers that would make `ruc\uFE0F` a different word.
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]/g;
// Hyphen look-alikes (en/em dash, minus, small/full-width hyphen) phones and Word insert: `C3X–918`.
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu;
// WhatsApp's bold, italic and strike marks at a word's edges: `*20123456786*`, `_ABC-123_`.
const FORMAT_MARKS = /(?<=^|\s)[*_~]+(?=[^\s*_~])|(?<=[^\s*_~])[*_~]+(?=\s|$)/gu;

/** Printable ASCII: nothing to remove, compose or fold (NFKC leaves it as it is). */
const PLAIN_ASCII = /^[\x20-\x7E]*$/u;

/** One line made readable (see the module comment); never longer than MAX_LINE_LENGTH. */
export function normalizeLine(raw: string): string {
  const bounded = raw.length > MAX_LINE_LENGTH ? raw.slice(0, MAX_LINE_LENGTH) : raw;
  if (PLAIN_ASCII.test(bounded)) return bounded.replace(FORMAT_MARKS, '').replace(/ {2,}/gu, ' ').trim();
  const clean = bounded
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
  // NFKC may lengthen a line (`…` is `...`, `ﷺ` 18 letters): the cap holds after it too.
  return clean.length > MAX_LINE_LENGTH
    ? clean.slice(0, MAX_LINE_LENGTH).replace(LONE_SURROGATE, '').trimEnd()
    : clean;
}

/**
 * The message's lines, normalised, blank ones dropped; at most MAX_LINES of them, each at most
 * MAX_LINE_LENGTH long, so the cost of reading any message is bounded.
 */
export function messageLines(raw: string): string[] {
  const bounded = raw.length > MAX_INPUT_LENGTH ? raw.slice(0, MAX_INPUT_LENGTH) : raw;
  const lines: string[] = [];
  let rest = bounded;
  while (lines.length < MAX_LINES && rest !== '') {
    const found = LINE_BREAK.exec(rest);
    const line = found ? rest.slice(0, found.index) : rest;
    rest = found ? rest.slice(found.index + found[0].length) : '';
    const clean = normalizeLine(line);
    if (clean !== '') lines.push(clean);
  }
  return lines;
}

/** The whole message on one line (how the router read it before multi-line messages). */
export function normalizeText(raw: string): string {
  return messageLines(raw).join(' ');
}
