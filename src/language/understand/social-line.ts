import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import { askingVerbAt, isMark, SOCIAL } from './line.js';

/** A line of social words alone: what it is (a greeting, thanks), whom it may name. */

const set = (...classes: WordClass[]) => new Set<WordClass>(classes);

/** A line made only of social words: a greeting (`hola`, `me ayudas?`), or thanks (`gracias`, `ok`, `👍`). */
export function socialKind(
  tokens: readonly Token[],
  keys: readonly string[],
): 'greeting' | 'thanks' | undefined {
  let greeting = false;
  let social = false;
  /** Regards or thanks were said (`saludos desde Cusco`, `gracias Rosa`). */
  let regards = false;
  let named = 0;
  for (let at = 0; at < tokens.length;) {
    if (isMark(tokens[at])) {
      social ||= tokens[at]?.shape === 'emoji';
      at += 1;
      continue;
    }
    const hits = lexicon.phrasesAt(keys, at);
    const greet = hits.find((hit) => hit.entry.class === 'greeting' || hit.entry.class === 'callout');
    const other = hits.find((hit) => SOCIAL.has(hit.entry.class) || ACKNOWLEDGING.has(hit.entry.class));
    const glue = hits.find((hit) => GLUE.has(hit.entry.class));
    if (greet && greet.length >= (other?.length ?? 0)) {
      greeting = true;
      at += greet.length;
    } else if (other) {
      social = true;
      regards ||= other.entry.class === 'regards' || other.entry.class === 'thanks';
      at += other.length;
    } else if (glue) at += glue.length;
    else if ((greeting || regards) && named < MAX_GREETED && greeted(tokens[at]!, keys[at] ?? '')) {
      named += 1; // `Buenos días Sr. Chasqui`, `Hola Rosa`, `Saludos desde Cusco`
      at += 1;
    } else if (
      lexicon.is(keys[at] ?? '', 'asking-noun') ||
      askingVerbAt(tokens, keys, at) > 0 ||
      lexicon.is(keys[at] ?? '', 'clitic')
    ) {
      greeting = true; // `me ayudas?`, `una consulta`: someone wants something, not yet said what
      at += Math.max(askingVerbAt(tokens, keys, at), 1);
    } else return undefined;
  }
  if (greeting) return 'greeting';
  return social ? 'thanks' : undefined;
}

/** Words after a greeting that name whom or where from: `Sr.`, `señorita`, `Rosa`, `Cusco`. */
const MAX_GREETED = 3;
function greeted(token: Token, key: string): boolean {
  if (lexicon.is(key, 'person-noun')) return true;
  return (
    /^\p{Lu}\p{Ll}+$/u.test(token.text) && lexicon.entries(key).length === 0 && !lexicon.verbAt([key], 0)
  );
}

/** Acknowledgements and answers in a social line (`ok`, `listo`, `sí`). */
const ACKNOWLEDGING = set('ack', 'affirmation', 'duration');
/** Words that only join social words (`ok y gracias`, `buenos días a todos`). */
const GLUE = set('article', 'preposition', 'conjunction', 'adverb');
