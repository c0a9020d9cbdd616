import { list, valued } from '../build.js';
import type { LexEntry } from '../types.js';

/**
 * How staff type the words around a request in a hurry or in English (`urg`, `tmb`, `xq`, `p/`,
 * `btw`, `ok so`, `literal`): abbreviations with or without their dot, and the loans young staff
 * say in Spanish sentences. Abbreviations of the domain's words are in domain.ts.
 */
export const CHAT_WORDS: readonly LexEntry[] = [
  ...list('urgency', 'chat', 'urg', 'urgt', 'urgte', 'urgnt', 'urgen', 'rap', 'rapid', 'rpd', 'rapido pls'),
  ...list('urgency', 'chat', 'c/ urgencia', 'x urgencia', 'urgent pls', 'asap pls', 'ya mismo pls'),
  ...list('conjunction', 'chat', 'tb', 'tmb', 'tbn', 'tmbn', 'tamb', 'tambn'),
  // `x` alone stays unread (`dia x 09:00` is no day); `x favor`, `ruc x dni` are phrases.
  ...list('preposition', 'chat', 'c/', 'pa la'),
  // `ruc … xq el cliente espera`: the cause said after a request, as `porque` (see ambiguities.ts).
  ...valued('reason', 'chat', { cause: ['xq', 'pq', 'q', 'xk', 'porq', 'pork'] }, false),
  ...list('topic-noun', 'chat', 'inf', 'infor', 'inform', 'datitos', 'detall'),
  ...list('asking-noun', 'chat', 'consult', 'consultita rapida'),
  ...list('courtesy', 'chat', 'pls pls', 'plis plis', 'please please', 'porfa pls', 'xfa pls'),
  ...list('addressee', 'chat', 'guys', 'dude', 'sis', 'bestie'),
  ...list('ack', 'chat', 'ok so', 'okay so', 'ok entonces', 'oki doki', 'np', 'no problem', 'check'),
  ...list('discourse', 'chat', 'btw', 'by the way', 'literal', 'literalmente', 'tipo que'),
  ...list('discourse', 'chat', 'x cierto', 'por cierto', 'de paso', 'aprovechando'),
  // `hoy` typed by its sound, without the silent h: `tc de oy`, `dolar de oy?`.
  ...valued('relative-day', 'chat', { 0: ['oy', 'hoi', 'oi'] }),
];
