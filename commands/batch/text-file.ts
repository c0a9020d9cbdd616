import { FileRefusedError } from './file-refusal.js';

/**
 * A .txt or .csv attachment as text: decoded (UTF-8, UTF-16 with its BOM as Excel's "Texto
 * Unicode" writes it, else Windows-1252 as older Excel exports), refused when it is not text at
 * all (a binary file renamed .csv would otherwise be echoed back into the group as garbage), and
 * its rows counted without splitting it first.
 */

/** Characters looked at to tell text from binary. */
const SAMPLE_CHARS = 64 * 1024;
/** Share of control characters above which a sample is binary (text has tabs and line breaks only). */
const MAX_CONTROL_SHARE = 0.01;

function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Control characters other than tab, line feed, form feed and carriage return, or NUL. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f;
}

/** True when the text's start looks like binary data: any NUL, or more than 1% control characters. */
function looksBinary(text: string): boolean {
  const end = Math.min(text.length, SAMPLE_CHARS);
  let controls = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    if (isControl(code) || code === 0xfffd) controls += 1;
  }
  return end > 0 && controls / end > MAX_CONTROL_SHARE;
}

/** Lines with something besides whitespace, counted in one pass (no array of lines). */
function countFilledLines(text: string): number {
  let lines = 0;
  let filled = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) {
      if (filled) lines += 1;
      filled = false;
    } else if (code !== 0x20 && code !== 0x09) {
      filled = true;
    }
  }
  return filled ? lines + 1 : lines;
}

/** The attachment as text, refused when binary or when it has more than `maxRows` filled lines. */
export function readTextFile(bytes: Uint8Array, maxRows: number): string {
  const text = decode(bytes);
  if (looksBinary(text)) throw new FileRefusedError('binary', 'control characters in the text');
  if (countFilledLines(text) > maxRows) throw new FileRefusedError('rows', `more than ${maxRows} lines`);
  return text;
}
