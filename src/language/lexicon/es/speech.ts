import { list, valued } from '../build.js';
import type { LexEntry } from '../types.js';

/**
 * Speech as voice-to-text writes it: fillers (`eh`, `este`, `o sea`, `bueno`), punctuation said
 * aloud (`coma`, `guion`, `dos puntos`) and letters spelled out (`be`, `equis`), which
 * dictation.ts turns into the marks and codes they say (`te cero cero uno guion cuarenta y dos` →
 * `T001-42`). Digits said one by one are number words (numbers.ts).
 */
export const SPEECH_WORDS: readonly LexEntry[] = [
  ...list('discourse', 'es', 'eh', 'ehh', 'em', 'emm', 'ehm', 'mmm', 'mm', 'este', 'o sea', 'osea'),
  ...list('discourse', 'es', 'bueno', 'bueno pues', 'pues bueno', 'ya bueno', 'entonces', 'digamos'),
  ...list('discourse', 'es', 'este este', 'o sea que', 'como te digo', 'como le digo', 'vamos a ver'),
  // What comes to mind before one more request: `me olvidé`, `otra cosita:`, `ah, y también …`.
  ...list('discourse', 'es', 'me olvide', 'se me olvido', 'me olvidaba', 'otra cosita', 'otra cosa'),
  ...list('discourse', 'es', 'una cosa mas', 'una cosita mas', 'ah cierto', 'ah verdad', 'casi me olvido'),
  // A value written again, right after a wrong one: `ruc 2060…5, digo, 2010…9` (with `perdón`,
  // an apology, and `no` around it: understand/correction.ts).
  ...list('correction', 'es', 'digo', 'mejor dicho', 'quise decir', 'quiero decir', 'corrijo'),
  ...list(
    'correction',
    'es',
    'me equivoque',
    'me equivoque de numero',
    'me confundi',
    'me confundi de numero',
  ),
  ...list('correction', 'es', 'rectifico', 'correccion', 'fe de erratas', 'no era ese', 'ese no es'),
  ...valued(
    'spoken-mark',
    'es',
    {
      ',': ['coma'],
      '.': ['punto', 'punto final', 'punto y aparte', 'punto y seguido'],
      '-': ['guion', 'guion medio', 'raya'],
      ':': ['dos puntos'],
      ';': ['punto y coma'],
      '/': ['barra', 'slash', 'diagonal'],
      '?': ['signo de interrogacion', 'signo de pregunta', 'cierra interrogacion', 'cierre de interrogacion'],
      '¿': ['abre interrogacion', 'abrir interrogacion'],
      '!': ['signo de exclamacion', 'cierra exclamacion'],
    },
    false,
  ),
  // The Spanish names of the letters (RAE); the vowels and other one-letter forms are read as typed.
  ...valued(
    'spelled-letter',
    'es',
    {
      B: ['be', 'be larga', 'be grande'],
      C: ['ce'],
      D: ['de'],
      F: ['efe'],
      G: ['ge'],
      H: ['hache'],
      J: ['jota'],
      K: ['ka'],
      L: ['ele'],
      M: ['eme'],
      N: ['ene'],
      P: ['pe'],
      Q: ['cu'],
      R: ['erre', 'ere'],
      S: ['ese'],
      T: ['te'],
      V: ['ve', 'uve', 've corta', 've chica', 'be corta'],
      W: ['doble ve', 'doble u', 'uve doble', 'doble be'],
      X: ['equis'],
      Y: ['ye', 'i griega'],
      Z: ['zeta', 'ceta'],
    },
    false,
  ),
];
