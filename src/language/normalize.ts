/**
 * Text as typed → text the grammars read: NFKC (full-width `ＲＵＣ２０…` from some keyboards reads as
 * ASCII), control, zero-width and bidi characters removed, lone surrogates dropped, dash
 * look-alikes made `-`, WhatsApp bold, italic and strike marks at word edges removed, spaces
 * collapsed. Lines are kept apart: a message may hold several requests, one per line.
 */

/** Longest text read at all; WhatsApp itself caps a message at 65,536 characters. */
const MAX_INPUT_LENGTH = 65_536;
/** Lines of one message read (blank ones aside); the rest is never looked at. */
const MAX_LINES = 16;
/**
 * The longest line read as a request, in characters as typed (whitespace at its ends aside). A
 * longer line is a pasted text: only its first words are read (`lote` may take what follows).
 */
export const MAX_LINE_LENGTH = 280;
/** The first words of a long line that are read (cut at a space): where `lote` would be named. */
const HEAD_LENGTH = 64;
/** Line breaks examined (blank lines included) before the rest of a message is left unread. */
const MAX_SEGMENTS = 4 * MAX_LINES;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// Zero-width chars, bidi marks/overrides/isolates, word joiner, BOM, soft hyphen.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/g;
// Emoji variation selectors: invisible modifiers that would make `ruc\uFE0F` a different word.
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]/g;
// Hyphen look-alikes (en/em dash, minus, small/full-width hyphen) phones and Word insert: `C3X–918`.
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu;
// WhatsApp's bold, italic and strike marks at a word's edges: `*20123456786*`, `_ABC-123_`.
const FORMAT_MARKS = /(?<=^|\s)[*_~]+(?=[^\s*_~])|(?<=[^\s*_~])[*_~]+(?=\s|$)/gu;

/** A comma typed after the space instead of before it: `ruc 2060… ,gracias` → `ruc 2060…, gracias`. */
const COMMA_BEFORE = / ([,;])(?=[^\s\d,;])/gu;

/** Printable ASCII: nothing to remove, compose or fold (NFKC leaves it as it is). */
const PLAIN_ASCII = /^[\x20-\x7E]*$/u;

/** One line made readable (see the module comment); never longer than MAX_LINE_LENGTH. */
export function normalizeLine(raw: string): string {
  const bounded = raw.length > MAX_LINE_LENGTH ? raw.slice(0, MAX_LINE_LENGTH) : raw;
  if (PLAIN_ASCII.test(bounded)) {
    // Most lines have no format marks and no double space: nothing to replace.
    const marked = /[*_~]/u.test(bounded) ? bounded.replace(FORMAT_MARKS, '') : bounded;
    const spaced = marked.includes('  ') ? marked.replace(/ {2,}/gu, ' ') : marked;
    return (
      spaced.includes(' ,') || spaced.includes(' ;') ? spaced.replace(COMMA_BEFORE, '$1 ') : spaced
    ).trim();
  }
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
    .replace(COMMA_BEFORE, '$1 ')
    .trim();
  // NFKC may lengthen a line (`…` is `...`, `ﷺ` 18 letters): the cap holds after it too.
  return clean.length > MAX_LINE_LENGTH
    ? clean.slice(0, MAX_LINE_LENGTH).replace(LONE_SURROGATE, '').trimEnd()
    : clean;
}

/** One line of a message, as the reader hands it out. */
export interface MessageLine {
  /** The line normalised (`normalizeLine`); for a long line, only its head. */
  readonly text: string;
  /** Longer than MAX_LINE_LENGTH as typed: pasted text, of which `text` is the first words. */
  readonly long: boolean;
  /** Quoted with `>` (someone else's words, as e-mail and WhatsApp users quote). */
  readonly quoted: boolean;
  /** Where the line starts in the message as typed (past its leading whitespace). */
  readonly start: number;
  /**
   * Where the message as typed goes on after what `text` read: after the head of a long line (at
   * a space), or `start` when the head had to cut a word (a word longer than the head).
   */
  readonly restFrom: number;
  /** Where the message as typed goes on after this line and its break. */
  readonly end: number;
}

/** Reads a message line by line, on demand: a line nobody asks for is never scanned. */
export interface MessageReader {
  /** The next line that is not blank; undefined past the last one, MAX_LINES or MAX_SEGMENTS. */
  next(): MessageLine | undefined;
  /** The message as typed from `from` on (up to MAX_INPUT_LENGTH): a list `lote` takes whole. */
  rawFrom(from: number): string;
}

/** A line break, and the blank lines (whitespace only) right after it: skipped in one native scan. */
const BREAKS = /(?:\r\n?|[\n\u2028\u2029\u0085])[\s\u0085]*/gu;
/** Whitespace at a line's start, in one native scan (a `\s+$` regex would go quadratic). */
const LEADING_SPACE = /[\s\u0085]*/uy;
/** Anything but whitespace: where a line's words go on. */
const CONTENT = /[^\s\u0085]/gu;

/** A UTF-16 unit that breaks a line (`\r\n` is one break: the `\n` is whitespace after it). */
function isBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029 || code === 0x85;
}

/** True for a UTF-16 unit of whitespace (the `\s` of a regex, plus NEL). */
function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x85 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The message's lines, read lazily: each at most MAX_LINE_LENGTH characters is normalised, a
 * longer one only up to HEAD_LENGTH (cut at a space), so reading any message costs what its first
 * lines cost, however long it is. Runs of blank lines and a long line's end are found by native
 * scans, without copying the text.
 */
export function readMessage(raw: string): MessageReader {
  return new LineReader(raw.length > MAX_INPUT_LENGTH ? raw.slice(0, MAX_INPUT_LENGTH) : raw);
}

/** `readMessage`'s reader: a class, so reading a message makes one object, not five closures. */
class LineReader implements MessageReader {
  readonly #text: string;
  #at = 0;
  #lines = 0;
  #segments = 0;

  constructor(text: string) {
    this.#text = text;
  }

  next(): MessageLine | undefined {
    while (this.#lines < MAX_LINES && this.#segments < MAX_SEGMENTS && this.#at < this.#text.length) {
      this.#segments += 1;
      const line = this.#segment();
      if (line.text !== '' || line.long) {
        this.#lines += 1;
        return line;
      }
    }
    return undefined;
  }

  rawFrom(from: number): string {
    return this.#text.slice(from);
  }

  /** Past the whitespace (and blank lines) at `from`, in one native scan when there is any. */
  #skipSpace(from: number): number {
    const text = this.#text;
    if (from >= text.length || !isSpace(text.charCodeAt(from))) return from;
    // The scanners are shared: each use sets `lastIndex` right before its one test or exec.
    LEADING_SPACE.lastIndex = from;
    LEADING_SPACE.test(text);
    return LEADING_SPACE.lastIndex;
  }

  #segment(): MessageLine {
    const text = this.#text;
    const start = this.#skipSpace(this.#at);
    // The line's end: a break within the window, looked for by hand (most lines are short).
    const limit = Math.min(text.length, start + MAX_LINE_LENGTH + 1);
    let stop = start;
    while (stop < limit && !isBreak(text.charCodeAt(stop))) stop += 1;
    let last: number;
    if (stop < limit || stop === text.length) {
      this.#at = stop < text.length ? this.#skipSpace(stop + 1) : stop;
      last = stop;
      while (last > start && isSpace(text.charCodeAt(last - 1))) last -= 1;
    } else {
      // Past the window: the break by a native scan; the line is long unless only whitespace
      // follows the window up to it.
      BREAKS.lastIndex = limit;
      const found = BREAKS.exec(text);
      stop = found ? found.index : text.length;
      this.#at = found ? found.index + found[0].length : text.length;
      CONTENT.lastIndex = limit;
      const more = CONTENT.exec(text);
      last = more !== null && more.index < stop ? stop : limit;
      while (last > start && isSpace(text.charCodeAt(last - 1))) last -= 1;
    }
    const at = this.#at;
    const quoted = text.charCodeAt(start) === 0x3e;
    if (last - start <= MAX_LINE_LENGTH) {
      const line = normalizeLine(text.slice(start, last));
      return { text: line, long: false, quoted, start, restFrom: at, end: at };
    }
    // A long line: its first words, cut at the last space within HEAD_LENGTH (else inside a word).
    let cut = start + HEAD_LENGTH;
    while (cut > start && !isSpace(text.charCodeAt(cut))) cut -= 1;
    const head = normalizeLine(text.slice(start, cut > start ? cut : start + HEAD_LENGTH));
    return { text: head, long: true, quoted, start, restFrom: cut > start ? cut : start, end: at };
  }
}

/**
 * The message's lines, normalised, blank ones dropped; at most MAX_LINES of them, a long one only
 * up to its head (see `readMessage`).
 */
function messageLines(raw: string): string[] {
  const reader = readMessage(raw);
  const lines: string[] = [];
  for (let line = reader.next(); line; line = reader.next()) if (line.text !== '') lines.push(line.text);
  return lines;
}

/** The whole message on one line (how the router read it before multi-line messages). */
export function normalizeText(raw: string): string {
  return messageLines(raw).join(' ');
}
