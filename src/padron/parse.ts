import { isValidRuc } from '../language/grammars/identifiers/ruc.js';
import { decodeWindows1252, MOJIBAKE } from './format.js';

/**
 * Splits the register's text into rows without making a string per field: each chunk's whole
 * lines travel to the edition worker as one string plus typed arrays of where each row is (see
 * RowBatch), so parsing here and inserting there overlap. Counts what the checks need: malformed
 * lines, UTF-8 names, check digits of a sample.
 */

/** One slice of the register as it crosses to the edition worker (typed arrays are transferred). */
export interface RowBatch {
  /** Whole decoded lines; every span points into it. */
  text: string;
  rows: number;
  /** RUC of each row: 11 digits, exact as a double. */
  rucs: Float64Array<ArrayBuffer>;
  /**
   * Two per row: start and end of the row after its RUC, `NAME|13 parts` (blanks before the name
   * and the trailing `|` left out): what the edition stores, one string per row.
   */
  spans: Int32Array<ArrayBuffer>;
  /** Words FTS5's tokenizer sees in each name (capped at 255): the name search ranks fewer first. */
  words: Uint8Array<ArrayBuffer>;
}

export interface ParseStats {
  rows: number;
  malformed: number;
  /** Rows whose name looks like UTF-8 read as Latin-1. */
  mojibake: number;
  sampled: number;
  badCheckDigits: number;
}

/** Every 97th row (a prime, so no column pattern lines up with it) has its check digit verified. */
const SAMPLE_EVERY = 97;
/** The shortest well-formed line: 11 digits, a one-letter name and 14 pipes. */
const MIN_LINE = 26;
const PIPE = 0x7c;
const NEWLINE = '\n';
const CR = 0x0d;

/** Characters FTS5's unicode61 tokenizer keeps in a token: letters and digits (categories L*, N*). */
const TOKEN_CHAR = /[\p{L}\p{N}]/u;
const LATIN1_TOKEN_CHAR = Uint8Array.from({ length: 256 }, (_, code) =>
  TOKEN_CHAR.test(String.fromCharCode(code)) ? 1 : 0,
);

function isTokenChar(code: number): boolean {
  return code < 256 ? LATIN1_TOKEN_CHAR[code] === 1 : TOKEN_CHAR.test(String.fromCharCode(code));
}

/** Spaces and control characters trimmed around a name (what String.trim does for Latin-1). */
const isBlank = (code: number) => code <= 32 || code === 0xa0;

function countWords(text: string, start: number, end: number): number {
  let words = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const token = isTokenChar(text.charCodeAt(i));
    if (token && !inWord) words++;
    inWord = token;
  }
  return Math.min(words, 255);
}

/** Incremental parser: push decoded chunks in order, then `end()`. */
export class PadronParser {
  readonly stats: ParseStats = { rows: 0, malformed: 0, mojibake: 0, sampled: 0, badCheckDigits: 0 };
  private carry = '';
  private headerSeen = false;
  // The batch being filled.
  private rucs = new Float64Array(0);
  private spans = new Int32Array(0);
  private words = new Uint8Array(0);
  private count = 0;
  private checkNames = false;
  private suspectBefore = false;

  /** `checkHeader` gets the first line and throws when it is not the register's header. */
  constructor(private readonly checkHeader: (line: string) => void) {}

  /** Whether a header line has been read. */
  get sawHeader(): boolean {
    return this.headerSeen;
  }

  /** Parses the whole lines now available in the next chunk of bytes; undefined when none yet. */
  push(bytes: Buffer): RowBatch | undefined {
    // UTF-8 read as Latin-1 starts with 0xC2/0xC3: only then are this batch's and the next one's
    // names tested one by one (a search of the bytes costs nearly nothing).
    const suspect = bytes.includes(0xc3) || bytes.includes(0xc2);
    this.checkNames = suspect || this.suspectBefore;
    this.suspectBefore = suspect;
    const text = this.carry + decodeWindows1252(bytes);
    const last = text.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.carry = text;
      return undefined;
    }
    this.carry = text.slice(last + 1);
    return this.batch(text.slice(0, last + 1));
  }

  /** Parses what is left after the last newline. */
  end(): RowBatch | undefined {
    const rest = this.carry;
    this.carry = '';
    return rest === '' ? undefined : this.batch(rest);
  }

  private batch(text: string): RowBatch | undefined {
    let pos = 0;
    if (!this.headerSeen) {
      this.headerSeen = true;
      const nl = text.indexOf(NEWLINE);
      const line = nl === -1 ? text : text.slice(0, nl);
      this.checkHeader(line.endsWith('\r') ? line.slice(0, -1) : line);
      pos = nl === -1 ? text.length : nl + 1;
    }
    const capacity = Math.ceil((text.length - pos) / MIN_LINE) + 1;
    this.rucs = new Float64Array(capacity);
    this.spans = new Int32Array(capacity * 2);
    this.words = new Uint8Array(capacity);
    this.count = 0;
    while (pos < text.length) {
      let nl = text.indexOf(NEWLINE, pos);
      if (nl === -1) nl = text.length;
      const end = nl > pos && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      if (end > pos) this.line(text, pos, end);
      pos = nl + 1;
    }
    if (this.count === 0) return undefined;
    return { text, rows: this.count, rucs: this.rucs, spans: this.spans, words: this.words };
  }

  /**
   * One data line: 11 digits, `|`, a name, then 13 more parts (15 in all, a trailing `|`
   * optional). Anything else is counted as malformed and skipped.
   */
  private line(text: string, start: number, end: number): void {
    const stats = this.stats;
    const bar1 = start + 11;
    if (end - start < MIN_LINE || text.charCodeAt(bar1) !== PIPE) {
      stats.malformed++;
      return;
    }
    let ruc = 0;
    for (let i = start; i < bar1; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) {
        stats.malformed++;
        return;
      }
      ruc = ruc * 10 + digit;
    }
    const bar2 = text.indexOf('|', bar1 + 1);
    if (bar2 === -1 || bar2 >= end) {
      stats.malformed++;
      return;
    }
    const trailing = text.charCodeAt(end - 1) === PIPE;
    let pipes = 0;
    for (let at = text.indexOf('|', bar2 + 1); at !== -1 && at < end; at = text.indexOf('|', at + 1)) pipes++;
    let nameStart = bar1 + 1;
    let nameEnd = bar2;
    while (nameStart < nameEnd && isBlank(text.charCodeAt(nameStart))) nameStart++;
    while (nameEnd > nameStart && isBlank(text.charCodeAt(nameEnd - 1))) nameEnd--;
    if (pipes !== (trailing ? 13 : 12) || nameStart === nameEnd) {
      stats.malformed++;
      return;
    }
    if (this.checkNames && MOJIBAKE.test(text.slice(nameStart, nameEnd))) stats.mojibake++;
    if (stats.rows % SAMPLE_EVERY === 0) {
      stats.sampled++;
      if (!isValidRuc(text.slice(start, bar1))) stats.badCheckDigits++;
    }
    stats.rows++;
    const i = this.count++;
    this.rucs[i] = ruc;
    this.spans[2 * i] = nameStart;
    this.spans[2 * i + 1] = trailing ? end - 1 : end;
    this.words[i] = countWords(text, nameStart, nameEnd);
  }
}
