import { editDistance } from './edit-distance.js';
import { lexicon } from './lexicon/index.js';
import type { WordClass } from './lexicon/types.js';
import type { Token } from './tokenize.js';

/**
 * Spelling slips in words the lexicon does not know, read as the word meant when exactly one word
 * is that close: a word spelt by its sound (`domisilio`, `licensia`, `saver`, `agradesco`,
 * `extrangeria`) at any length from 4 letters, or one typing edit away (`fatura`, `factrua`,
 * `coativa`, `cabio`) from 5 letters. A diminutive is read as the word it is said of (`toquecito`
 * → `toque`). Names and numbers are never touched (only keys change; the typed text stays), and a
 * word near two known words is left as typed.
 */

/** Shortest word read by its sound. */
const MIN_SOUND = 4;
/** Shortest word read one typing edit away (shorter ones are too near too much). */
const MIN_EDIT = 5;

/**
 * A key by its sound in Peruvian Spanish: s/z/c before e-i, b/v, j/g before e-i, y/ll, silent h,
 * qu/k/c before a-o-u (a doubled letter stays: `caro` is no `carro`).
 */
function soundKey(word: string): string {
  return word
    .replace(/ch/gu, 'C')
    .replace(/h/gu, '')
    .replace(/qu(?=[ei])/gu, 'k')
    .replace(/c(?=[ei])/gu, 's')
    .replace(/[cq]/gu, 'k')
    .replace(/z/gu, 's')
    .replace(/v/gu, 'b')
    .replace(/g(?=[ei])/gu, 'j')
    .replace(/ll/gu, 'y')
    .replace(/x(?=[^aeiou]|$)/gu, 's');
}

interface Index {
  readonly known: ReadonlySet<string>;
  /** Sound key → the one word with it ('' when several words share it). */
  readonly bySound: ReadonlyMap<string, string>;
  /** Words with one letter removed → the entry words they come from (entry words only, not verb forms). */
  readonly byDeletion: ReadonlyMap<string, readonly string[]>;
}

let index: Index | undefined;

function push(map: Map<string, string[]>, k: string, word: string): void {
  const list = map.get(k);
  if (!list) map.set(k, [word]);
  else if (!list.includes(word)) list.push(word);
}

function deletions(word: string): string[] {
  const out = [word];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * Words of address and chat noise (`chochera`, `causa`, `jaja`): a slip is never read as one, since
 * a real word the lexicon lacks is as near (`cochera` is a garage, not `chochera`).
 */
const NOT_A_TARGET: ReadonlySet<WordClass> = new Set(['addressee', 'laughter', 'interjection', 'callout']);

/** Built on first use: the lexicon's words by sound, and its entry words by one deletion. */
function build(): Index {
  const known = lexicon.vocabulary();
  const nouns = lexicon.phraseWords();
  const bySound = new Map<string, string>();
  const byDeletion = new Map<string, string[]>();
  for (const word of known) {
    if (word.length < MIN_SOUND || !/^\p{L}+$/u.test(word)) continue;
    const entries = lexicon.entries(word);
    if (entries.length > 0 && entries.every((entry) => NOT_A_TARGET.has(entry.class))) continue;
    const sound = soundKey(word);
    const other = bySound.get(sound);
    bySound.set(sound, other === undefined || other === word ? word : '');
    if (word.length >= MIN_EDIT && nouns.has(word))
      for (const d of deletions(word)) push(byDeletion, d, word);
  }
  return { known, bySound, byDeletion };
}

/**
 * A slip typing makes: a letter left out (`fatura`, `cabio`) or two swapped (`factrua`), inside
 * the word. A letter changed or added is as often another real word (`pista`/`lista`,
 * `listar`/`lista`): not guessed.
 */
function typingSlip(typed: string, word: string): boolean {
  // A slip keeps the word's ends (`factrua`, `cabio`); a changed end is more often another word
  // (`camino` is no `camion`).
  if (typed[0] !== word[0] || typed.at(-1) !== word.at(-1)) return false;
  if (typed.length === word.length - 1) return editDistance(typed, word, 1) <= 1;
  if (typed.length !== word.length || [...typed].sort().join('') !== [...word].sort().join('')) return false;
  return editDistance(typed, word, 1) <= 1;
}

/**
 * Keys already looked at and their correction (null: none), so the words every message repeats
 * are not sounded out again. Bounded: cleared when full; long keys are worked out each time.
 */
const CORRECTIONS = new Map<string, string | null>();
const MAX_CORRECTIONS = 4_096;
const MAX_REMEMBERED_KEY = 32;

/**
 * Diminutive endings and what they replace, longest first: `toquecito` → `toque`, `poquito` →
 * `poco`, `amiguito` → `amigo`, `ratito` → `rato`, `cosita` → `cosa`, `ahorita` → `ahora`.
 */
const DIMINUTIVES: readonly (readonly [ending: string, bases: readonly string[]])[] = [
  ['citos', ['s', '']],
  ['citas', ['s', '']],
  ['cito', ['']],
  ['cita', ['']],
  ['quitos', ['cos']],
  ['quitas', ['cas']],
  ['quito', ['co']],
  ['quita', ['ca']],
  ['guitos', ['gos']],
  ['guitas', ['gas']],
  ['guito', ['go']],
  ['guita', ['ga']],
  ['itos', ['os', 'es']],
  ['itas', ['as', 'es']],
  ['ito', ['o', 'e', '']],
  ['ita', ['a', 'e', '']],
];
/** Letters a word keeps before its diminutive ending (`mano` → `manito`; `ito` alone is no word). */
const MIN_STEM = 2;

/**
 * The word a diminutive is said of, when the lexicon knows it (`un toquecito`, `un momentito`,
 * `rapidito`, `el favorcito`): one rule for every word, instead of listing each diminutive.
 */
function diminutiveBase(k: string, known: ReadonlySet<string>): string | undefined {
  for (const [ending, bases] of DIMINUTIVES) {
    if (!k.endsWith(ending) || k.length - ending.length < MIN_STEM) continue;
    const stem = k.slice(0, k.length - ending.length);
    for (const tail of bases) if (known.has(stem + tail)) return stem + tail;
  }
  return undefined;
}

/** The known word a slip stands for, or undefined (known already, too short, or two words near). */
function correction(k: string): string | undefined {
  const known = CORRECTIONS.get(k);
  if (known !== undefined) return known ?? undefined;
  const found = workOut(k);
  if (k.length <= MAX_REMEMBERED_KEY) {
    if (CORRECTIONS.size >= MAX_CORRECTIONS) CORRECTIONS.clear();
    CORRECTIONS.set(k, found ?? null);
  }
  return found;
}

function workOut(k: string): string | undefined {
  if (k.length < MIN_SOUND || !/^\p{L}+$/u.test(k)) return undefined;
  const idx = (index ??= build());
  if (idx.known.has(k)) return undefined;
  const base = diminutiveBase(k, idx.known);
  if (base !== undefined) return base;
  // `hoyy`, `dnii`: a last letter doubled on a short word (key.ts collapses it from five letters on).
  const single = k.slice(0, -1);
  if (k.at(-1) === k.at(-2) && idx.known.has(single)) return single;
  const sound = idx.bySound.get(soundKey(k));
  if (sound !== undefined) return sound === '' ? undefined : sound;
  if (k.length < MIN_EDIT) return undefined;
  const near: string[] = [];
  for (const d of deletions(k)) {
    for (const word of idx.byDeletion.get(d) ?? [])
      if (!near.includes(word) && typingSlip(k, word)) near.push(word);
  }
  // Near words that are spellings of each other (`cambio`, `canbio`) are one word.
  const one = near.every((word) => editDistance(word, near[0]!, 1) <= 1);
  return near.length > 0 && one ? near.sort()[0] : undefined;
}

/** Tokens with slips read as the word meant, and the fixes made (`fatura→factura`) for `because`. */
export function correctSpelling(tokens: readonly Token[]): { tokens: Token[]; fixes: string[] } {
  const fixes: string[] = [];
  const out = tokens.map((token) => {
    if (token.shape !== 'word') return token;
    const fixed = correction(token.key);
    if (fixed === undefined) return token;
    fixes.push(`${token.key}→${fixed}`);
    return { ...token, key: fixed };
  });
  return { tokens: out, fixes };
}
