import { key } from '../key.js';
import { lexicon } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';
import { type Atoms, atomsOf, classes, isAt, phraseAt, tokenSpan } from './atoms.js';
import type { SlotGrammar } from './types.js';

/**
 * Cardinal numbers, written (`20`, `2026`) or spelled (`veinte`, `treinta y uno`, `cuarenta y
 * cinco`): the first grammar the others build on (days, counts, hours, minutes).
 */
export interface NumberRead {
  readonly value: number;
  /** Atoms used (a spelled number may take three: `treinta y uno`). */
  readonly length: number;
  /** Digits typed (`20` → 2, `2026` → 4); 0 when spelled. */
  readonly digits: number;
  /** `un`/`una`: one only where a count is expected (`hace una semana`), else an article. */
  readonly article: boolean;
  readonly rule: 'number-digits' | 'number-words';
}

const NUMBER_WORD = classes('number-word');

/** A number word (or phrase: `treinta y uno`) at `at`: value and atoms. */
function wordAt(atoms: Atoms, at: number): { value: number; length: number } | undefined {
  const hit = phraseAt(atoms, at, NUMBER_WORD);
  return hit && typeof hit.entry.value === 'number'
    ? { value: hit.entry.value, length: hit.length }
    : undefined;
}

/**
 * Spelled numbers composed in order, thousands, hundreds, then the rest: `dos mil veintiséis`,
 * `mil novecientos noventa y nueve`, `ciento cinco`. Three lookups at most.
 */
function spelledAt(atoms: Atoms, at: number): { value: number; length: number } | undefined {
  const first = wordAt(atoms, at);
  if (!first) return undefined;
  let total = 0;
  let end = at;
  let part: { value: number; length: number } | undefined = first;
  const thousand = first.value < 10 ? wordAt(atoms, at + first.length) : undefined;
  if (thousand?.value === 1000) {
    total = first.value * 1000;
    end = at + first.length + 1;
    part = wordAt(atoms, end);
  } else if (first.value === 1000) {
    total = 1000;
    end = at + 1;
    part = wordAt(atoms, end);
  }
  if (part && part.value >= 100 && part.value < 1000 && part.value % 100 === 0) {
    total += part.value;
    end += part.length;
    part = wordAt(atoms, end);
  }
  if (part && part.value < 100 && (total === 0 || total % 100 === 0)) {
    total += part.value;
    end += part.length;
  }
  return end > at ? { value: total, length: end - at } : undefined;
}

/** The number at atom `at`, if one starts there. */
export function numberAt(atoms: Atoms, at: number): NumberRead | undefined {
  const atom = atoms.list[at];
  if (!atom || atom.mark) return undefined;
  if (atom.digits > 0) {
    return { value: Number(atom.key), length: 1, digits: atom.digits, article: false, rule: 'number-digits' };
  }
  const spelled = spelledAt(atoms, at);
  if (!spelled) return undefined;
  const article = spelled.length === 1 && isAt(atoms, at, 'article');
  return { ...spelled, digits: 0, article, rule: 'number-words' };
}

/**
 * A number word at `keys[at]` (`ocho`, `cuarenta y cinco`): its value and how many words it
 * spans. Kept for commands that read positions (`desprogramar la dos`).
 */
export function numberWordAt(
  keys: readonly string[],
  at: number,
): { value: number; length: number } | undefined {
  const hit = lexicon.phrasesAt(keys.map(key), at, NUMBER_WORD)[0];
  return hit && typeof hit.entry.value === 'number'
    ? { value: hit.entry.value, length: hit.length }
    : undefined;
}

/** The first cardinal number of a line (not an article `un`/`una`). */
export const numberGrammar: SlotGrammar<number> = {
  name: 'number',
  find(tokens: readonly Token[]) {
    const atoms = atomsOf(tokens);
    for (let at = 0; at < atoms.list.length; at++) {
      const read = numberAt(atoms, at);
      if (!read || read.article) continue;
      return {
        ...tokenSpan(atoms, at, at + read.length),
        result: { value: read.value },
        because: [read.rule],
      };
    }
    return undefined;
  },
};
