import { describe, expect, it } from 'vitest';
import { phraseKey } from '../../src/language/key.js';
import { lexicon } from '../../src/language/lexicon/index.js';
import { VERBS } from '../../src/language/lexicon/es/verbs.js';
import { PE_VERBS } from '../../src/language/lexicon/es-pe/verbs.js';
import type { VerbForm } from '../../src/language/lexicon/types.js';
import { VerbReader, verbForms } from '../../src/language/morphology.js';

/**
 * The verb forms are read from the key, not listed (issue 22): the reader must give exactly what
 * the list of every form of every lemma gave, key by key and in the same order, so the two can
 * never drift apart. The list is built here, fresh, the way the lexicon built it before.
 */
const LEMMAS = [...VERBS, ...PE_VERBS].filter((lemma) => lemma.tail === undefined);

function listOfEveryForm(): Map<string, VerbForm[]> {
  const list = new Map<string, VerbForm[]>();
  for (const lemma of LEMMAS) {
    for (const [key, readings] of verbForms(lemma)) {
      const known = list.get(key);
      if (known) known.push(...readings);
      else list.set(key, [...readings]);
    }
  }
  return list;
}

describe('verb forms read from the key', () => {
  const list = listOfEveryForm();
  const reader = new VerbReader(LEMMAS);

  it('reads every listed form as the list does, readings in the same order', () => {
    expect(list.size).toBeGreaterThan(20_000);
    const differ: string[] = [];
    for (const [key, readings] of list) {
      if (JSON.stringify(reader.workOut(key)) !== JSON.stringify(readings)) differ.push(key);
    }
    expect(differ).toEqual([]);
    expect(lexicon.verb('mandamelo')).toEqual(list.get('mandamelo'));
    expect(lexicon.verbAt(['mandemonos'], 0)).toEqual({ forms: list.get('mandemonos'), length: 1 });
  });

  it('reads nothing in a word the list does not have (near misses, other words, excluded forms)', () => {
    const words = new Set<string>([...lexicon.phraseWords(), 'para', 'de', 'va', 'x', '', 'mandemosnos']);
    for (const key of list.keys()) {
      words.add(key.slice(0, -1));
      words.add(`${key}s`);
      words.add(`${key}lo`);
      words.add(`${key}nos`);
      words.add(key.slice(1));
    }
    const wrong = [...words].filter(
      (word) => reader.workOut(word).length > 0 !== list.has(word) || reader.has(word) !== list.has(word),
    );
    expect(wrong).toEqual([]);
    expect(reader.workOut('para')).toEqual([]);
  });

  it('lists every form, in the order the list had them, for the spelling index', () => {
    expect([...reader.keys()]).toEqual([...list.keys()]);
  });

  it('reads a verb with its fixed tail as the list of every tailed form did, longest first', () => {
    const phrases = new Map<string, VerbForm[]>();
    for (const lemma of [...VERBS, ...PE_VERBS]) {
      if (lemma.tail === undefined) continue;
      for (const [key, readings] of verbForms(lemma)) {
        const phrase = `${key} ${phraseKey(lemma.tail)}`;
        const known = phrases.get(phrase);
        if (known) known.push(...readings);
        else phrases.set(phrase, [...readings]);
      }
    }
    expect(phrases.size).toBeGreaterThan(1_000);
    const differ = [...phrases].filter(([phrase, readings]) => {
      const keys = [...phrase.split(' '), 'ya'];
      const expected = { forms: readings, length: keys.length - 1 };
      return JSON.stringify(lexicon.verbAt(keys, 0)) !== JSON.stringify(expected);
    });
    expect(differ).toEqual([]);
    expect(lexicon.verbAt(['dale', 'de', 'baja'], 0)?.length).toBe(3);
    // Every word the lexicon knows, for the spelling index: the same words as the lists had.
    const words = new Set([
      ...lexicon.phraseWords(),
      ...list.keys(),
      ...[...phrases.keys()].flatMap((p) => p.split(' ')),
    ]);
    expect(lexicon.vocabulary()).toEqual(words);
  });

  it('gives the same readings again for a key it has read', () => {
    expect(reader.readings('pasale')).toBe(reader.readings('pasale'));
    expect(reader.readings('pasale')).toEqual(list.get('pasale'));
  });
});
