import { fold } from '../text/fold.js';

/**
 * `fold` (src/text/fold.ts) for millions of names: the same result, computed fast. Plain ASCII
 * only needs lower case; Latin-1 text folds character by character through a table built with
 * `fold` itself (no normalization joins two Latin-1 characters); anything else goes to `fold`.
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/u;
const LATIN1_ONLY = /^[\x00-\xff]*$/u;
const UNTIDY_SPACES = /^ | $| {2}/u;

/**
 * fold() of each Latin-1 character ('Ñ' → 'n', 'º' → 'o'). One that folds to nothing (white
 * space, NBSP, '¨' = space + diaeresis) is a space here: fold trims it alone, not inside a name.
 */
const LATIN1_FOLDED: readonly string[] = Array.from({ length: 256 }, (_, code) => {
  const folded = fold(String.fromCharCode(code));
  return folded === '' ? ' ' : folded;
});

function tidy(text: string): string {
  return UNTIDY_SPACES.test(text) ? text.replace(/ +/gu, ' ').trim() : text;
}

/** The comparison key of a name, identical to `fold(name)`. */
export function foldName(name: string): string {
  if (PRINTABLE_ASCII.test(name)) return tidy(name.toLowerCase());
  if (!LATIN1_ONLY.test(name)) return fold(name);
  let out = '';
  for (let i = 0; i < name.length; i++) out += LATIN1_FOLDED[name.charCodeAt(i)];
  return tidy(out);
}
