import { lexicon } from '../lexicon/index.js';
import { tokenize } from '../tokenize.js';

/** `esto`, `tú`, `este bot`, `usted`: words that mean the bot itself (`ayuda: cómo funciona esto`). */
export function refersToItself(text: string): boolean {
  const tokens = tokenize(text);
  return (
    tokens.length > 0 &&
    tokens.every((token) =>
      ['pronoun', 'bot-name', 'demonstrative', 'article'].some((cls) => lexicon.is(token.key, cls as never)),
    )
  );
}
