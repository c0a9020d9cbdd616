import { list } from '../build.js';
import type { LexEntry } from '../types.js';

/** Peruvian usage (`causa`, `al toque`, `pe`) and chat spellings (`xfa`, `grax`, `q tal`) of social words. */
export const PE_SOCIAL_WORDS: readonly LexEntry[] = [
  ...list('greeting', 'pe', 'que fue', 'que hubo', 'quiubo', 'habla', 'que tal causa', 'buenas buenas'),
  ...list('greeting', 'chat', 'wenas', 'wenos dias', 'q tal', 'k tal', 'bnas', 'bns dias', 'bnos dias'),
  ...list('greeting', 'chat', 'buen dia a todos', 'hola hola', 'holaa', 'ola'),
  ...list('callout', 'pe', 'oe', 'oye causa', 'habla pe'),
  ...list('callout', 'chat', 'haber', 'aver'),
  ...list('courtesy', 'chat', 'plis', 'pliss', 'pls', 'plz', 'xfa', 'xfas', 'xfis', 'xfi', 'x fa'),
  ...list('courtesy', 'chat', 'x favor', 'xfavor', 'x fvr', 'xfv', 'xfvr', 'porfis', 'porfiss', 'pf'),
  ...list('courtesy', 'chat', 'porfa porfa', 'x fis', 'por fis', 'porfa pe', 'xfa pe'),
  ...list('thanks', 'chat', 'grax', 'grcs', 'grs', 'grcias', 'graciass', 'thx', 'tks', 'ty', 'gracia'),
  ...list(
    'thanks',
    'pe',
    'gracias causa',
    'gracias pe',
    'gracias mi rey',
    'gracias jefe',
    'diosito te pague',
  ),
  ...list('regards', 'chat', 'slds', 'atte', 'att', 'bss', 'abrazote'),
  ...list('addressee', 'pe', 'causa', 'causita', 'causas', 'pata', 'patita', 'compa', 'mano', 'manito'),
  ...list('addressee', 'pe', 'hermanito', 'broder', 'bro', 'brother', 'jefazo', 'jefecito', 'jefecita'),
  ...list('addressee', 'pe', 'tio', 'tia', 'mi rey', 'reina', 'crack', 'campeon', 'master', 'loco'),
  ...list('addressee', 'chat', 'hno', 'hna', 'inge', 'ing', 'dr', 'dra', 'lic', 'sres', 'srs', 'srta'),
  ...list('urgency', 'pe', 'pe', 'pes', 'pues', 'nomas', 'no mas', 'al toque', 'altoque', 'de una'),
  ...list('urgency', 'pe', 'ahorita', 'ahoritita', 'volando', 'rapidin', 'rapidito nomas', 'ya pe'),
  ...list('urgency', 'pe', 'cuando puedas nomas', 'cuando tengas chance', 'a la volada'),
  ...list('urgency', 'chat', 'asap', 'urgent', 'urgentee'),
  ...list('ack', 'chat', 'oka', 'oki', 'okis', 'okas', 'ok ok', 'okk', 'oks', 'kk', 'ok listo'),
  ...list('ack', 'pe', 'chevere', 'bacan', 'sale', 'simon', 'ya ya', 'ta bien', 'sip', 'sipi'),
  ...list('ack', 'pe', 'de una nomas', 'listo causa', 'listo pe', 'ya estamos', 'yap', 'yaa'),
  ...list('farewell', 'chat', 'chaito', 'bye bye', 'nos vemos causa'),
];
