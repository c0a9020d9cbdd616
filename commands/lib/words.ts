import { chatKey, PhraseSet } from '../../src/text/phrasing.js';

/**
 * Drops the tokens of `raw` that are in `words` (compared by `chatKey`), for commands whose
 * fillers may sit in the middle of their arguments (`chofer 4123… cel 987…`).
 */
export function withoutWords(raw: string, words: PhraseSet): string[] {
  return raw
    .split(' ')
    .filter((token) => token !== '' && chatKey(token) !== '' && !words.has(chatKey(token)));
}

export { PhraseSet };
