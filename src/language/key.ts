import { fold } from '../text/fold.js';

/**
 * The comparison key of one typed token, the one rule every grammar and the lexicon compare by:
 * folded (see `fold`), without sentence punctuation, quotes, emoji or WhatsApp format marks at its
 * edges, stretched letters collapsed (`holaa` → `hola`, `graciasss` → `gracias`) and the dots of
 * an abbreviation removed (`R.U.C.` → `ruc`, `T.C.` → `tc`, `a.m.` → `am`).
 */
export function key(token: string): string {
  if (PLAIN.test(token)) return unstretch(token); // the common case (`ruc`, digits)
  const bare = unstretch(fold(token).replace(LEADING, '').replace(TRAILING, ''));
  return ABBREVIATION.test(bare) ? bare.replace(/\./gu, '') : bare;
}

const LEADING = /^[¿¡("'«“@*_~]+/u;
const TRAILING = /[?!,;.:)"'»”…*_~\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]+$/u;
const ABBREVIATION = /^(?:\p{L}\.)+\p{L}?$/u;
const PLAIN = /^[a-z0-9]+$/;
/** A letter typed three times or more (`holaaa`, `graaacias`), or twice at the end of a long word (`porfaa`). */
const STRETCHED = /(\p{L})\1{2,}|(?<=\p{L}{3})(\p{L})\2$/u;

/**
 * Letters stretched for emphasis collapse to one (`holaa` → `hola`, `graciasss` → `gracias`);
 * short words (`cee`) and digits are left alone.
 */
function unstretch(word: string): string {
  return STRETCHED.test(word)
    ? word.replace(/(\p{L})\1{2,}/gu, '$1').replace(/(?<=\p{L}{3})(\p{L})\1$/u, '$1')
    : word;
}

/** The keys of a written phrase (`Tipo de Cambio` → `tipo de cambio`), words joined by one space. */
export function phraseKey(phrase: string): string {
  return phrase
    .split(/\s+/u)
    .map(key)
    .filter((word) => word !== '')
    .join(' ');
}
