import { key } from '../key.js';
import { type LexEntry, lexicon, type PhraseHit, type WordClass } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';

/**
 * The calendar and clock grammars read inside words: `20-nov-2026` is a day, a month and a year,
 * `8h30` an hour, a unit and minutes, `lun,mié` two weekdays. An atom is one such part of a
 * token, with the separator that glued it to the part before; spans of atoms map back to tokens.
 */
interface Atom {
  readonly key: string;
  readonly text: string;
  /** Index of the token the atom comes from. */
  readonly token: number;
  /** Separator before it inside its token (`-` `/` `.` `,`, '' at a letter-digit seam); undefined when it starts the token. */
  readonly sep: string | undefined;
  /** How many digits it is made of, 0 unless it is all digits (`2026` → 4, `1ro` → 0). */
  readonly digits: number;
  /** Punctuation or emoji only: read as a separator or skipped. */
  readonly mark: boolean;
}

/** The atoms of a token list, with their keys for lexicon lookups. */
export interface Atoms {
  readonly list: readonly Atom[];
  readonly keys: readonly string[];
  /** Lexicon hits by position, looked up once on first use (grammars ask each position often). */
  readonly hits: (readonly PhraseHit[] | undefined)[];
}

function atomsFrom(list: readonly Atom[]): Atoms {
  return { list, keys: list.map((a) => a.key), hits: [] };
}

const DIGITS = /^\d+$/u;
/** Word classes whose entries are read whole even when written with dots or digits (`a.m.`, `1ro`). */
const WHOLE: ReadonlySet<WordClass> = new Set(['ordinal', 'meridiem', 'month', 'weekday', 'number-word']);

type Kind = 'digit' | 'letter' | 'sep' | 'other';

function kindOf(char: string): Kind {
  if (char >= '0' && char <= '9') return 'digit';
  if (char === '-' || char === '/' || char === '.' || char === ',') return 'sep';
  return char.toLowerCase() !== char.toUpperCase() ? 'letter' : 'other';
}

/**
 * Splits one word at separators and at letter-digit seams, keeping the separator before each
 * part: `20-nov-26` → 20, -nov, -26; `8h30` → 8, h, 30; `8:30hrs` → 8:30, hrs. One pass, linear.
 */
function splitWord(text: string): [part: string, sep: string | undefined][] {
  const parts: [string, string | undefined][] = [];
  let part = '';
  let partSep: string | undefined;
  let pending = '';
  let last: Kind | undefined;
  for (const char of text) {
    const kind = kindOf(char);
    if (kind === 'sep') {
      if (part !== '') parts.push([part, partSep]);
      part = '';
      pending += char;
      last = kind;
      continue;
    }
    if (part === '') {
      partSep = parts.length > 0 ? pending : undefined;
    } else if ((kind === 'digit' && last === 'letter') || (kind === 'letter' && last === 'digit')) {
      parts.push([part, partSep]);
      part = '';
      partSep = '';
    }
    pending = '';
    part += char;
    last = kind;
  }
  if (part !== '') parts.push([part, partSep]);
  return parts;
}

function atom(text: string, token: number, sep: string | undefined, mark = false, k = key(text)): Atom {
  return { key: k, text, token, sep, digits: DIGITS.test(text) ? text.length : 0, mark };
}

/** Whether a word is read whole: a listed calendar or number word, or an ordinal shape (`1ro`). */
function whole(tokenKey: string): boolean {
  return lexicon.entries(tokenKey).some((entry) => WHOLE.has(entry.class));
}

/** The atoms of `tokens` (all of them: spans index into this list). */
export function atomsOf(tokens: readonly Token[]): Atoms {
  const list: Atom[] = [];
  tokens.forEach((token, index) => {
    if (token.shape === 'punct' || token.shape === 'emoji' || token.shape === 'mention') {
      list.push(atom(token.text, index, undefined, true));
      return;
    }
    const parts = whole(token.key) ? [] : splitWord(token.text);
    const [only] = parts;
    if (parts.length <= 1) {
      // `11-` in `11- 2016`: the separator at its edge goes.
      list.push(
        only && only[0] !== token.text
          ? atom(only[0], index, undefined)
          : atom(token.text, index, undefined, false, token.key),
      );
      return;
    }
    for (const [part, sep] of parts) list.push(atom(part, index, sep));
  });
  return atomsFrom(list);
}

/** The atoms whose index passes `keep`, in order (a schedule reads what is left once the time is out). */
export function subset(atoms: Atoms, keep: (index: number) => boolean): Atoms {
  return atomsFrom(atoms.list.filter((_, i) => keep(i)));
}

/** True when atom `at` is glued to the one before it (same token). */
export function glued(atoms: Atoms, at: number): boolean {
  const here = atoms.list[at];
  return here !== undefined && here.sep !== undefined;
}

/** The token span `[start, end)` of the atoms `[from, to)`. */
export function tokenSpan(atoms: Atoms, from: number, to: number): { start: number; end: number } {
  const first = atoms.list[from];
  const last = atoms.list[Math.max(from, to - 1)];
  return { start: first?.token ?? 0, end: (last?.token ?? 0) + 1 };
}

/** What the user wrote for the atoms `[from, to)`, separators kept (`20/11`, `a las 8`). */
export function textOf(atoms: Atoms, from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) {
    const a = atoms.list[i];
    if (!a) break;
    out += i === from ? a.text : a.sep !== undefined ? `${a.sep}${a.text}` : ` ${a.text}`;
  }
  return out;
}

/** Every lexicon entry starting at atom `at`, longest first; none at a mark or past the end. */
function hitsAt(atoms: Atoms, at: number): readonly PhraseHit[] {
  if (at < 0 || at >= atoms.list.length || atoms.list[at]?.mark) return [];
  let hits = atoms.hits[at];
  if (!hits) atoms.hits[at] = hits = lexicon.phrasesAt(atoms.keys, at);
  return hits;
}

/** The longest lexicon entry of one of `classes` at atom `at` (see `Lexicon.phrasesAt`). */
export function phraseAt(atoms: Atoms, at: number, classes: ReadonlySet<WordClass>): PhraseHit | undefined {
  for (const hit of hitsAt(atoms, at)) if (classes.has(hit.entry.class)) return hit;
  return undefined;
}

/** Every lexicon entry of one of `classes` starting at atom `at`, longest first. */
export function phrasesAt(atoms: Atoms, at: number, classes: ReadonlySet<WordClass>): PhraseHit[] {
  return hitsAt(atoms, at).filter((hit) => classes.has(hit.entry.class));
}

/** The one-word entries of atom `at` (listed or recognised by shape). */
export function entriesAt(atoms: Atoms, at: number): LexEntry[] {
  return hitsAt(atoms, at)
    .filter((hit) => hit.length === 1)
    .map((hit) => hit.entry);
}

/** True when atom `at` is (one word) of class `cls`. */
export function isAt(atoms: Atoms, at: number, cls: WordClass): boolean {
  return hitsAt(atoms, at).some((hit) => hit.length === 1 && hit.entry.class === cls);
}

/** One-class sets for `phraseAt`, built once. */
export function classes(...names: WordClass[]): ReadonlySet<WordClass> {
  return new Set(names);
}
