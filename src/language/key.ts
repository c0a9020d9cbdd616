import { fold } from '../text/fold.js';

/**
 * The comparison key of one typed token, the one rule every grammar and the lexicon compare by:
 * folded (see `fold`), without sentence punctuation, quotes, emoji or WhatsApp format marks at its
 * edges, stretched letters collapsed (`holaa` → `hola`, `graciasss` → `gracias`) and the dots of
 * an abbreviation removed (`R.U.C.` → `ruc`, `T.C.` → `tc`, `a.m.` → `am`).
 */
export function key(token: string): string {
  if (plainUnstretched(token)) return token; // the common case (`ruc`, digits)
  if (PLAIN.test(token)) return unstretch(token);
  const folded = fold(token).replace(LEADING, '');
  const bare = unstretch(folded.slice(0, trailingStart(folded, TRAILING_MARK)));
  return ABBREVIATION.test(bare) ? bare.replace(/\./gu, '') : bare;
}

/**
 * Where the run of `mark` characters that ends `text` starts (`text.length` when none), scanned
 * from the end: a `[…]+$` regex retries from every position and goes quadratic on a long run of
 * marks before a letter (`……a`, 👍×300 then a word), which anyone can paste.
 */
export function trailingStart(text: string, mark: RegExp): number {
  const isMark = markTest(mark);
  let end = text.length;
  while (end > 0) {
    const point = text.codePointAt(end - 1)!;
    const high = end > 1 ? text.charCodeAt(end - 2) : 0;
    // A low surrogate after its high one is one character (an emoji); a lone one stands alone.
    const pair = point >= 0xdc00 && point <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
    const width = pair ? 2 : 1;
    if (!isMark(pair ? text.codePointAt(end - 2)! : point)) break;
    end -= width;
  }
  return end;
}

/** `mark` (a one-character class) as a test on code points, remembered per code point. */
const MARK_TESTS = new WeakMap<RegExp, (point: number) => boolean>();
function markTest(mark: RegExp): (point: number) => boolean {
  let test = MARK_TESTS.get(mark);
  if (!test) {
    const seen = new Map<number, boolean>();
    test = (point) => {
      let is = seen.get(point);
      if (is === undefined) {
        is = mark.test(String.fromCodePoint(point));
        if (seen.size < 4_096) seen.set(point, is);
      }
      return is;
    };
    MARK_TESTS.set(mark, test);
  }
  return test;
}

const LEADING = /^[¿¡("'«“@*_~]+/u;
/** One character of what ends a token without belonging to it (see `trailingStart`). */
const TRAILING_MARK = /^[?!,;.:)"'»”…*_~\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]$/u;
/** `R.U.C.`, `T.C.`, `S.A.C.`, `RR.HH.`, `EE.UU.`: letters (one or two) and dots. */
const ABBREVIATION = /^(?:\p{L}{1,2}\.)+\p{L}{0,2}$/u;
const PLAIN = /^[a-z0-9]+$/;

/**
 * True for lower-case ASCII letters and digits with no stretched letter (see `unstretch`): the
 * key is the token itself. One pass, no regex (most tokens are such).
 */
function plainUnstretched(token: string): boolean {
  const n = token.length;
  if (n === 0) return false;
  let run = 0;
  let letters = 0;
  for (let i = 0; i < n; i++) {
    const code = token.charCodeAt(i);
    const letter = code >= 0x61 && code <= 0x7a;
    if (!letter && !(code >= 0x30 && code <= 0x39)) return false;
    run = letter && i > 0 && code === token.charCodeAt(i - 1) ? run + 1 : 1;
    if (letter && run >= 3) return false; // `holaaa`
    letters = letter ? letters + 1 : 0;
  }
  // `porfaa`: a doubled last letter after three more letters.
  const doubled = n >= 5 && letters >= 5 && token.charCodeAt(n - 1) === token.charCodeAt(n - 2);
  return !doubled;
}

/**
 * Letters stretched for emphasis collapse to one (`holaa` → `hola`, `graciasss` → `gracias`);
 * short words (`cee`) and digits are left alone.
 */
function unstretch(word: string): string {
  return stretched(word)
    ? word.replace(/(\p{L})\1{2,}/gu, '$1').replace(/(?<=\p{L}{3})(\p{L})\1$/u, '$1')
    : word;
}

/**
 * A letter typed three times or more (`holaaa`, `graaacias`), or twice at the end of a word of
 * five letters or more (`porfaa`): `/(\p{L})\1{2,}|(?<=\p{L}{3})(\p{L})\2$/u`, in one pass over the
 * code points (the regex's lookbehind is tried at every position, a cost profiles showed on
 * hostile lines). test/language/tokenize.test.ts holds the two to the same answer.
 */
export function stretched(word: string): boolean {
  let previous = -1;
  let last = -1;
  let run = 0;
  let letters = 0;
  for (let i = 0; i < word.length; i++) {
    const point = word.codePointAt(i)!;
    if (point > 0xffff) i += 1;
    const letter = isLetter(point);
    run = letter && point === last ? run + 1 : letter ? 1 : 0;
    if (run >= 3) return true; // `holaaa`
    letters = letter ? letters + 1 : 0;
    previous = last;
    last = point;
  }
  // `porfaa`: a letter doubled at the end, after three more letters.
  return letters >= 5 && last === previous;
}

/** `\p{L}` for one code point: ASCII by range, the rest by `markTest`'s remembered regex. */
const nonAsciiLetter = markTest(/^\p{L}$/u);
function isLetter(point: number): boolean {
  if (point < 0x80) return (point >= 0x61 && point <= 0x7a) || (point >= 0x41 && point <= 0x5a);
  return nonAsciiLetter(point);
}

/** The keys of a written phrase (`Tipo de Cambio` → `tipo de cambio`), words joined by one space. */
export function phraseKey(phrase: string): string {
  return phrase
    .split(/\s+/u)
    .map(key)
    .filter((word) => word !== '')
    .join(' ');
}
