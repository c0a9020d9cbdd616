import { chatKey, COURTESY, FUNCTION_WORDS, isLeadIn, PhraseSet } from './phrasing.js';

/**
 * Lines made only of social words (`@bot hola`, `gracias!`, `ok 👍`): whether they greet, and so
 * deserve a pointer to `ayuda`, or only thank, and need no answer.
 */

/** Greetings that open a conversation (`hola`, `buenos días`), not a request. */
const GREETINGS = new PhraseSet([
  'hola',
  'holi',
  'holis',
  'hello',
  'hi',
  'hey',
  'ey',
  'oye',
  'oe',
  'alo',
  'buenas',
  'buenos dias',
  'buen dia',
  'buenas tardes',
  'buenas noches',
  'que tal',
  'como estas',
  'como esta',
  'como va',
]);
/** Acknowledgements and laughter that need no answer (`listo`, `ok gracias`, `jaja`). */
const ACKNOWLEDGEMENTS = new PhraseSet(COURTESY, FUNCTION_WORDS, [
  'ok',
  'okey',
  'listo',
  'dale',
  'vale',
  'perfecto',
  'genial',
  'excelente',
  'recibido',
  'entendido',
  'bien',
  'muy bien',
  'chevere',
  'bacan',
  'ya',
  'si',
  'no',
  'claro',
  'de nada',
  'oka',
  'oki',
  'okis',
  'okas',
  'sale',
  'chau',
  'chao',
  'adios',
  'hasta luego',
  'nos vemos',
  'buenisimo',
  'super',
  'igualmente',
  'a ti',
  'a usted',
]);
const LAUGHTER = /^(?:j[aeiou]){2,}j?$|^(?:xd+|lol)$/u;

/**
 * What a line made only of social words is: `greeting` (`hola`, `buenas tardes`, `me ayudas?`),
 * `thanks` (`gracias`, `ok`, `jaja`, `👍`), or undefined when it holds anything else.
 */
export function socialKind(text: string): 'greeting' | 'thanks' | undefined {
  const keys = text.split(' ').map(chatKey);
  let greeting = false;
  for (let at = 0; at < keys.length;) {
    const key = keys[at] ?? '';
    const greet = GREETINGS.lengthAt(keys, at);
    const ack = ACKNOWLEDGEMENTS.lengthAt(keys, at);
    if (greet > 0 && greet >= ack) {
      greeting = true;
      at += greet;
    } else if (ack > 0) at += ack;
    else if (key === '' || LAUGHTER.test(key)) at += 1;
    else if (isLeadIn(key)) {
      greeting = true; // `me ayudas?`, `una consulta`: someone wants something, not yet said what
      at += 1;
    } else return undefined;
  }
  return greeting ? 'greeting' : 'thanks';
}
