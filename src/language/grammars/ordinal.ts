import { key } from '../key.js';
import { lexicon } from '../lexicon/index.js';
import type { LexEntry } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';
import { type Atoms, atomsOf, classes, phraseAt, tokenSpan } from './atoms.js';
import type { SlotGrammar } from './types.js';

/**
 * Ordinals, spelled (`primero`, `tercera`, `vigésimo segundo`) or written with digits (`1ro`,
 * `2da`, `3er`, `1°`): days of the month (`el 1ro de noviembre`) and positions in a list.
 */
export interface OrdinalRead {
  readonly value: number;
  readonly length: number;
  readonly rule: 'ordinal-words' | 'ordinal-digits';
}

const ORDINAL = classes('ordinal');
/** The number of an ordinal written with digits (`1ro`, `23°`): the lexicon knows its shape. */
const LEADING_DIGITS = /^\d{1,2}/u;

function valueOf(entry: LexEntry, k: string): { value: number; rule: OrdinalRead['rule'] } | undefined {
  if (typeof entry.value === 'number') return { value: entry.value, rule: 'ordinal-words' };
  const digits = LEADING_DIGITS.exec(k);
  return digits ? { value: Number(digits[0]), rule: 'ordinal-digits' } : undefined;
}

/** The ordinal at atom `at`, if one starts there. */
export function ordinalAt(atoms: Atoms, at: number): OrdinalRead | undefined {
  const hit = phraseAt(atoms, at, ORDINAL);
  const read = hit && valueOf(hit.entry, atoms.keys[at] ?? '');
  return hit && read ? { ...read, length: hit.length } : undefined;
}

/** The value of a one-word ordinal (`1ro`, `2da`, `primero`, `tercera`), else undefined. */
export function ordinalOf(token: string): number | undefined {
  const k = key(token);
  for (const entry of lexicon.entries(k)) {
    if (entry.class !== 'ordinal') continue;
    const read = valueOf(entry, k);
    if (read) return read.value;
  }
  return undefined;
}

/** The first ordinal of a line. */
export const ordinalGrammar: SlotGrammar<number> = {
  name: 'ordinal',
  find(tokens: readonly Token[]) {
    const atoms = atomsOf(tokens);
    for (let at = 0; at < atoms.list.length; at++) {
      const read = ordinalAt(atoms, at);
      if (read)
        return {
          ...tokenSpan(atoms, at, at + read.length),
          result: { value: read.value },
          because: [read.rule],
        };
    }
    return undefined;
  },
};
