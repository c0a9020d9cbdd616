import { phraseKey } from '../key.js';
import { lexicon } from '../lexicon/index.js';

/**
 * Whether a message mentions the bot: `@<digits>` of one of its ids (phone number, LID) written as
 * a word (after a space or at a line's start, followed by nothing but punctuation up to the next
 * space: `@519…,` yes, `@519…abc` no), outside lines quoted with `>`. Found by a native search for
 * each id over the message as typed, so a 64 KiB message costs a scan, never a tokenisation.
 */
export function mentions(text: string, selfDigits: readonly string[]): boolean {
  if (!text.includes('@')) return false;
  const after = WORD_END; // shared: `lastIndex` is set right before each test
  for (const digits of selfDigits) {
    if (digits === '') continue;
    const needle = `@${digits}`;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      after.lastIndex = at + needle.length;
      if (!after.test(text) || !wordStart(text, at)) continue;
      if (!quotedLine(text, at)) return true;
    }
  }
  return false;
}

/** After the digits: punctuation or symbols only (no letter, digit, `_` or `@`) up to a space. */
const WORD_END = /[^\w@\s\u0085]*(?:[\s\u0085]|$)/uy;

/** Characters normalisation removes (controls, zero-width, bidi, BOM, soft hyphen, variation selectors). */
function invisible(code: number): boolean {
  return (
    code === 0xad ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    code === 0xfeff
  );
}

/** True for a space, a line break or a control character (normalisation makes these a space). */
function blank(code: number): boolean {
  return code <= 0x20 || (code >= 0x7f && code <= 0xa0) || /\s/u.test(String.fromCharCode(code));
}

/** The `@` at `at` starts a word: nothing but invisible characters between it and a space or the start. */
function wordStart(text: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && invisible(text.charCodeAt(before))) before -= 1;
  return before < 0 || blank(text.charCodeAt(before));
}

/** The line holding `at` starts with `>` (after its whitespace). */
function quotedLine(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && !lineBreak(text.charCodeAt(start - 1))) start -= 1;
  while (start < at && blank(text.charCodeAt(start))) start += 1;
  return text.charCodeAt(start) === 0x3e;
}

function lineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029 || code === 0x85;
}

/** A mention at the start of a message: `@51987…` (a tag) or `@Rosa` (typed). */
const OPENING_TAG = /^\s*@(\p{L}[\p{L}\p{N}_.]*|\d{6,})/u;

/** The message opens by tagging someone who is not the bot (the bot's own tag addresses it). */
export function tagsSomeoneElse(text: string): boolean {
  const tag = OPENING_TAG.exec(text.slice(0, 64));
  return tag !== null && !lexicon.is(phraseKey(tag[1] ?? ''), 'bot-name');
}
