import { list, named, valued } from '../build.js';
import type { LexEntry } from '../types.js';

/** Articles, prepositions, conjunctions, possessives, demonstratives, clitics, labels, negation. */
export const FUNCTION_WORDS: readonly LexEntry[] = [
  ...list('article', 'es', 'el', 'la', 'los', 'las', 'lo', 'un', 'una', 'unos', 'unas'),
  // Toward whom (`al chofer`: a send) and for whom (`para el chofer`: shown here, for them).
  ...valued('preposition', 'es', { to: ['a', 'al'], for: ['para'] }, false),
  ...list('preposition', 'es', 'de', 'del', 'con', 'en', 'sobre', 'por', 'sin', 'desde'),
  ...list('preposition', 'es', 'entre', 'segun', 'respecto', 'respecto a', 'respecto al', 'acerca de'),
  // `tc d hoy`, `placa dl camión`: chat spellings of `de`, `del`; `pa` for `para`.
  ...list('preposition', 'chat', 'd', 'dl'),
  ...valued('preposition', 'chat', { for: ['pa', 'pal', 'xa', 'p/'] }, false),
  ...list('conjunction', 'es', 'y', 'e', 'o', 'u', 'pero', 'ni', 'ademas', 'tambien', 'asimismo', 'si'),
  ...list('possessive', 'es', 'mi', 'su', 'mis', 'sus', 'tu', 'tus', 'nuestro', 'nuestra', 'nuestros'),
  ...list('possessive', 'es', 'nuestras', 'vuestro', 'vuestra'),
  ...list('demonstrative', 'es', 'este', 'esta', 'estos', 'estas', 'ese', 'esa', 'esos', 'esas'),
  ...list('demonstrative', 'es', 'aquel', 'aquella', 'dicho', 'dicha'),
  ...list('pronoun', 'es', 'esto', 'eso', 'tu', 'usted', 'ustedes', 'yo', 'nosotros', 'el mismo', 'ello'),
  ...list('auxiliary', 'es', 'he', 'has', 'ha', 'hemos', 'han', 'habia', 'habiamos', 'llevamos', 'llevo'),
  ...list('auxiliary', 'es', 'lleva', 'llevan', 'vamos', 'van', 'voy'),
  // `vuelve a activar el bot`: again, then the verb that asks.
  ...list('auxiliary', 'es', 'vuelve a', 'vuelva a', 'vuelvan a', 'volver a', 'de nuevo'),
  ...list(
    'adverb',
    'es',
    'mas',
    'todavia',
    'aun',
    'solo',
    'solamente',
    'unicamente',
    'nada mas',
    'nuevamente',
    'igual',
  ),
  ...list('adverb', 'es', 'actualmente', 'ahora mismo', 'en este momento', 'al momento', 'a la fecha'),
  ...list('adverb', 'es', 'tambien por favor', 'de todas formas', 'de todos modos', 'mucho'),
  ...list('clitic', 'es', 'me', 'nos', 'le', 'les', 'se', 'te'),
  // `N°`, `nro.`, `núm.`, `#`. `Nº` becomes `No` under NFKC: the tokenizer keeps it a label only
  // before a number (`no` alone is a word).
  ...list('label', 'es', 'n°', 'n', 'nro', 'nr', 'num', 'numero', '#', 'nro de', 'numero de', 'n de'),
  // `N.° 2012…`, `Nro.° 2012…`: the ordinal sign after the abbreviation's dot.
  ...list('label', 'es', 'n.°', 'nro.°'),
  // Labels that name which part of a document reference follows (`serie T001 correlativo 42`).
  named('label', 'es', 'series', ['serie', 'series', 'nro de serie', 'numero de serie', 'num de serie']),
  named('label', 'es', 'series', ['n de serie', 'serie nro']),
  named('label', 'es', 'number', ['correlativo', 'nro correlativo', 'numero correlativo']),
  named('label', 'es', 'type', ['tipo de documento', 'tipo de comprobante', 'tipo doc']),
  ...list('negation', 'es', 'no', 'nunca', 'jamas', 'tampoco', 'ya no'),
  ...list('negation', 'es', 'no es necesario que', 'ya no es necesario que', 'no hace falta que'),
  ...list('negation', 'es', 'ya no hace falta que', 'ya no es necesario', 'no es necesario'),
  // The place where the bot answers: `no respondas aquí`, `en este grupo`.
  ...valued(
    'place-here',
    'es',
    {
      here: [
        'aqui',
        'aca',
        'por aqui',
        'por aca',
        'en este grupo',
        'en el grupo',
        'en este chat',
        'aca en el grupo',
        'del grupo',
        'de este grupo',
        'en el chat',
        'de este chat',
        'en esta conversacion',
        'este grupo',
        'este chat',
      ],
    },
    false,
  ),
];
