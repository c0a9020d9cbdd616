import { isValidRuc } from '../language/grammars/identifiers/ruc-digits.js';
import { decodeWindows1252 } from './format.js';

/**
 * Splits the register's bytes into rows without making a string: each chunk's whole lines travel
 * to the edition worker as their bytes plus typed arrays saying where each row is (see RowBatch),
 * transferred, not copied, and handed back once inserted to carry later lines, so this thread
 * allocates almost nothing (garbage buffers awaiting another thread's GC had added 40 MB of RSS)
 * and parsing here overlaps decoding and inserting there. Counts what the checks need: malformed
 * lines, UTF-8 names, check digits of a sample.
 */

/** One slice of the register as it crosses to the edition worker (every buffer is transferred). */
export interface RowBatch {
  /** Whole lines in `bytes[0, length)`, Windows-1252 as in the file (one byte per character). */
  bytes: Uint8Array<ArrayBuffer>;
  length: number;
  /** Some byte is in 0x80–0x9F: decode as Windows-1252, not plain Latin-1 (found here, where time is spare). */
  windows1252: boolean;
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
const NEWLINE = 0x0a;
const CR = 0x0d;

/** Bytes that decode to a letter or digit: what FTS5's unicode61 tokenizer keeps in a token. */
const TOKEN_BYTE = Uint8Array.from({ length: 256 }, (_, byte) =>
  /[\p{L}\p{N}]/u.test(decodeWindows1252(Buffer.of(byte))) ? 1 : 0,
);

/** Bytes a batch holds when reused: one inflated chunk (112 KiB) plus a carried line, rounded up. */
const BATCH_BYTES = 120 * 1024;

/** An empty batch able to hold `bytes` bytes of lines. */
function emptyBatch(bytes: number): RowBatch {
  const rows = Math.ceil(bytes / MIN_LINE) + 1;
  return {
    bytes: new Uint8Array(bytes),
    length: 0,
    windows1252: false,
    rows: 0,
    rucs: new Float64Array(rows),
    spans: new Int32Array(rows * 2),
    words: new Uint8Array(rows),
  };
}

/** Spaces and control characters trimmed around a name (what String.trim does for Latin-1). */
const isBlank = (byte: number) => byte <= 32 || byte === 0xa0;

/** UTF-8 read as Latin-1: a lead byte 0xC2/0xC3 (Â, Ã) then a continuation byte 0x80–0xBF. */
function looksUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end - 1; i++) {
    const byte = bytes[i]!;
    if ((byte === 0xc2 || byte === 0xc3) && bytes[i + 1]! >= 0x80 && bytes[i + 1]! <= 0xbf) return true;
  }
  return false;
}

function countWords(bytes: Uint8Array, start: number, end: number): number {
  let words = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const token = TOKEN_BYTE[bytes[i]!] === 1;
    if (token && !inWord) words++;
    inWord = token;
  }
  return Math.min(words, 255);
}

/** Incremental parser: push the register's bytes in order, then `end()`. */
export class PadronParser {
  readonly stats: ParseStats = { rows: 0, malformed: 0, mojibake: 0, sampled: 0, badCheckDigits: 0 };
  /** Bytes after the last newline seen, waiting for the rest of their line. */
  private carry = new Uint8Array(BATCH_BYTES);
  private carried = 0;
  private headerSeen = false;
  private checkNames = false;
  /** A batch that held no row (only the header or malformed lines), kept for the next one. */
  private idle: RowBatch | undefined;

  /**
   * `checkHeader` gets the first line, decoded, and throws when it is not the register's header;
   * `spare` hands back a batch the sink is done with (undefined: a new one is made).
   */
  constructor(
    private readonly checkHeader: (line: string) => void,
    private readonly spare: () => RowBatch | undefined = () => undefined,
  ) {}

  /** Whether a header line has been read. */
  get sawHeader(): boolean {
    return this.headerSeen;
  }

  /** Parses the whole lines now available; undefined when there are none yet. */
  push(chunk: Uint8Array): RowBatch | undefined {
    const total = this.carried + chunk.length;
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.keep(chunk, 0);
      return undefined;
    }
    // Never a slice of zlib's buffers or Node's pool: the batch's buffers are transferred.
    const batch = this.take(total);
    batch.bytes.set(this.carry.subarray(0, this.carried));
    batch.bytes.set(chunk.subarray(0, last + 1), this.carried);
    batch.length = this.carried + last + 1;
    this.carried = 0;
    this.keep(chunk, last + 1);
    return this.fill(batch);
  }

  /** Parses what is left after the last newline. */
  end(): RowBatch | undefined {
    if (this.carried === 0) return undefined;
    const batch = this.take(this.carried);
    batch.bytes.set(this.carry.subarray(0, this.carried));
    batch.length = this.carried;
    this.carried = 0;
    return this.fill(batch);
  }

  /** Adds `chunk[from…]` to the carried bytes. */
  private keep(chunk: Uint8Array, from: number): void {
    const more = chunk.length - from;
    if (this.carried + more > this.carry.length) {
      const grown = new Uint8Array(2 * (this.carried + more));
      grown.set(this.carry.subarray(0, this.carried));
      this.carry = grown;
    }
    this.carry.set(chunk.subarray(from), this.carried);
    this.carried += more;
  }

  /** A batch for `bytes` bytes: a spare one when it is big enough. */
  private take(bytes: number): RowBatch {
    const spare = this.idle ?? this.spare();
    this.idle = undefined;
    return spare && spare.bytes.length >= bytes ? spare : emptyBatch(Math.max(bytes, BATCH_BYTES));
  }

  /** Parses the lines in `batch.bytes[0, batch.length)`, which ends at a line's end. */
  private fill(batch: RowBatch): RowBatch | undefined {
    const length = batch.length;
    const bytes = batch.bytes;
    let pos = 0;
    if (!this.headerSeen) {
      this.headerSeen = true;
      const nl = bytes.indexOf(NEWLINE);
      let end = nl === -1 ? length : nl;
      if (end > 0 && bytes[end - 1] === CR) end--;
      this.checkHeader(decodeWindows1252(Buffer.from(bytes.buffer, 0, end)));
      pos = nl === -1 ? length : nl + 1;
    }
    batch.rows = 0;
    const whole = Buffer.from(bytes.buffer, 0, length);
    this.checkNames = whole.includes(0xc3, pos) || whole.includes(0xc2, pos);
    // One pass over the bytes: line ends, the pipes of each line, and any Windows-1252 extra.
    let c1 = false;
    while (pos < length) {
      let pipes = 0;
      let bar1 = -1;
      let bar2 = -1;
      let at = pos;
      for (; at < length; at++) {
        const byte = bytes[at]!;
        if (byte === NEWLINE) break;
        if (byte === PIPE) {
          if (pipes === 0) bar1 = at;
          else if (pipes === 1) bar2 = at;
          pipes++;
        } else if (byte >= 0x80 && byte <= 0x9f) c1 = true;
      }
      const end = at > pos && bytes[at - 1] === CR ? at - 1 : at;
      if (end > pos) this.line(batch, pos, end, bar1, bar2, pipes);
      pos = at + 1;
    }
    batch.windows1252 = c1;
    if (batch.rows > 0) return batch;
    this.idle = batch;
    return undefined;
  }

  /**
   * One data line, its pipes counted: 11 digits, `|`, a name, then 13 more parts (15 in all, a
   * trailing `|` optional). Anything else is counted as malformed and skipped.
   */
  private line(batch: RowBatch, start: number, end: number, bar1: number, bar2: number, pipes: number): void {
    const stats = this.stats;
    const bytes = batch.bytes;
    const trailing = bytes[end - 1] === PIPE;
    if (end - start < MIN_LINE || bar1 !== start + 11 || pipes !== (trailing ? 15 : 14)) {
      stats.malformed++;
      return;
    }
    let ruc = 0;
    for (let i = start; i < bar1; i++) {
      const digit = bytes[i]! - 48;
      if (digit < 0 || digit > 9) {
        stats.malformed++;
        return;
      }
      ruc = ruc * 10 + digit;
    }
    let nameStart = bar1 + 1;
    let nameEnd = bar2;
    while (nameStart < nameEnd && isBlank(bytes[nameStart]!)) nameStart++;
    while (nameEnd > nameStart && isBlank(bytes[nameEnd - 1]!)) nameEnd--;
    if (nameStart === nameEnd) {
      stats.malformed++;
      return;
    }
    if (this.checkNames && looksUtf8(bytes, nameStart, nameEnd)) stats.mojibake++;
    if (stats.rows % SAMPLE_EVERY === 0) {
      stats.sampled++;
      if (!isValidRuc(String(ruc).padStart(11, '0'))) stats.badCheckDigits++;
    }
    stats.rows++;
    const i = batch.rows++;
    batch.rucs[i] = ruc;
    batch.spans[2 * i] = nameStart;
    batch.spans[2 * i + 1] = trailing ? end - 1 : end;
    batch.words[i] = countWords(bytes, nameStart, nameEnd);
  }
}
