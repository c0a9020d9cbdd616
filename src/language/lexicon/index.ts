import { phraseKey } from '../key.js';
import { VerbReader } from '../morphology.js';
import { AMBIGUITIES } from './ambiguities.js';
import { ASKING_WORDS } from './es/asking.js';
import { CALENDAR_WORDS } from './es/calendar.js';
import { DOMAIN_WORDS } from './es/domain.js';
import { FORMAL_WORDS } from './es/formal.js';
import { FUNCTION_WORDS } from './es/function-words.js';
import { NUMBER_PATTERNS, NUMBER_WORDS } from './es/numbers.js';
import { SOCIAL_PATTERNS, SOCIAL_WORDS } from './es/social.js';
import { SPEECH_WORDS } from './es/speech.js';
import { VERBS } from './es/verbs.js';
import { CHAT_WORDS } from './es-pe/chat.js';
import { PE_DOMAIN_WORDS } from './es-pe/domain.js';
import { PE_SOCIAL_WORDS } from './es-pe/social.js';
import { PE_VERBS } from './es-pe/verbs.js';
import type { LexEntry, LexPattern, VerbForm, VerbLemma, WordClass } from './types.js';

export type { LexEntry, WordClass } from './types.js';

/** Every word list of the lexicon, general Spanish first, then the Peruvian and chat overlay. */
const ENTRIES: readonly LexEntry[] = [
  ...FUNCTION_WORDS,
  ...SOCIAL_WORDS,
  ...ASKING_WORDS,
  ...NUMBER_WORDS,
  ...CALENDAR_WORDS,
  ...DOMAIN_WORDS,
  ...FORMAL_WORDS,
  ...SPEECH_WORDS,
  ...PE_SOCIAL_WORDS,
  ...PE_DOMAIN_WORDS,
  ...CHAT_WORDS,
];
const PATTERNS: readonly LexPattern[] = [...SOCIAL_PATTERNS, ...NUMBER_PATTERNS];

/** No entries (shared: most keys have no shape). */
const NONE: readonly LexEntry[] = Object.freeze([]);

/** Nouns whose plural is made, not listed (`proveedores`, `datos`, `marcas`). */
const PLURALS: ReadonlySet<WordClass> = new Set(['person-noun', 'topic-noun', 'attribute', 'company-word']);

/** The plural of a noun: a vowel takes `s`, a consonant `es`, `z` becomes `ces`. */
function plural(word: string): string {
  if (/[aeiou]$/u.test(word)) return `${word}s`;
  if (word.endsWith('z')) return `${word.slice(0, -1)}ces`;
  return `${word}es`;
}

/**
 * `hits` ordered longest first, in place; equal lengths keep their order (a stable insertion sort:
 * the lists are a few hits long, and Array.prototype.sort copies them first).
 */
function longestFirst(hits: PhraseHit[]): PhraseHit[] {
  for (let i = 1; i < hits.length; i++) {
    const hit = hits[i]!;
    let j = i - 1;
    while (j >= 0 && hits[j]!.length < hit.length) {
      hits[j + 1] = hits[j]!;
      j -= 1;
    }
    hits[j + 1] = hit;
  }
  return hits;
}

/** A lexicon entry found at a position of a token list, spanning `length` tokens. */
export interface PhraseHit {
  readonly entry: LexEntry;
  readonly length: number;
}

/**
 * A trie node. Most nodes are leaves and most carry no entry of their own: `next` is made with the
 * first child and `entries` starts as the shared NONE (thousands of empty maps and arrays were a
 * megabyte and a half of heap).
 */
interface Node {
  entries: readonly LexEntry[];
  next?: Map<string, Node>;
}

/** The child of `node` at `key`, made when missing. */
function childOf<T extends Node>(node: T, key: string): T {
  const next = (node.next ??= new Map());
  let child = next.get(key) as T | undefined;
  if (!child) next.set(key, (child = { entries: NONE } as T));
  return child;
}

/** The class a verb form counts as when checking that no form sits in two classes unnoticed. */
const VERB_CLASS = 'verb';

/** Adds every key of a trie to `words`. */
function wordsOf(node: Node, words: Set<string>): Set<string> {
  for (const [k, child] of node.next ?? []) {
    words.add(k);
    wordsOf(child, words);
  }
  return words;
}

/**
 * The lexicon, built once: entries by phrase (a trie over token keys), verb forms by key, the
 * shape patterns, and start-up validation of ambiguous forms.
 */
class Lexicon {
  readonly #root: Node = { entries: NONE, next: new Map() };
  /** One-word verb forms, read from the key (not listed: see VerbReader). */
  readonly #verbs: VerbReader;
  /**
   * Verbs with a fixed tail (`dale de baja`, `hazle seguimiento`), by the tail's first key: the
   * tail's keys and a reader of the verbs said with it (their forms read from the key too).
   */
  readonly #tails = new Map<string, { keys: readonly string[]; verbs: VerbReader }[]>();
  readonly #byClass = new Map<WordClass, LexEntry[]>();
  readonly #patterns: readonly LexPattern[];
  readonly #shapes = new Map<string, readonly LexEntry[]>();
  /** The longest phrase, in tokens. */
  readonly longest: number;

  constructor(entries: readonly LexEntry[], verbs: readonly VerbLemma[], patterns: readonly LexPattern[]) {
    let longest = 1;
    for (const entry of entries) {
      const byClass = this.#byClass.get(entry.class);
      if (byClass) byClass.push(entry);
      else this.#byClass.set(entry.class, [entry]);
      for (const form of entry.forms) {
        const keys = phraseKey(form).split(' ');
        longest = Math.max(longest, keys.length);
        let node = this.#root;
        for (const key of keys) node = childOf(node, key);
        if (!node.entries.includes(entry)) node.entries = [...node.entries, entry];
      }
    }
    // Plurals of nouns, where no entry has that form already.
    for (const entry of entries) {
      if (!PLURALS.has(entry.class)) continue;
      for (const form of entry.forms) {
        const k = phraseKey(form);
        if (k.includes(' ') || k.endsWith('s')) continue;
        const p = plural(k);
        if (!this.#root.next?.has(p)) childOf(this.#root, p).entries = [entry];
      }
    }
    const byTail = new Map<string, VerbLemma[]>();
    for (const lemma of verbs) {
      if (lemma.tail === undefined) continue;
      const tail = phraseKey(lemma.tail);
      const same = byTail.get(tail);
      if (same) same.push(lemma);
      else byTail.set(tail, [lemma]);
    }
    for (const [tail, lemmas] of byTail) {
      const keys = tail.split(' ');
      const entry = { keys, verbs: new VerbReader(lemmas) };
      const same = this.#tails.get(keys[0]!);
      if (same) same.push(entry);
      else this.#tails.set(keys[0]!, [entry]);
    }
    this.#verbs = new VerbReader(verbs.filter((lemma) => lemma.tail === undefined));
    this.#patterns = patterns;
    this.longest = longest;
  }

  /** Every word of the entries' phrases (`tipo`, `de`, `cambio`, `coactiva`), verbs aside. */
  phraseWords(): Set<string> {
    return wordsOf(this.#root, new Set());
  }

  /** Every token key the lexicon knows: words of entry phrases, verb forms and verb phrases. */
  vocabulary(): Set<string> {
    const words = this.phraseWords();
    for (const key of this.#verbs.keys()) words.add(key);
    for (const tails of this.#tails.values()) {
      for (const { keys, verbs } of tails) {
        for (const key of verbs.keys()) words.add(key);
        for (const key of keys) words.add(key);
      }
    }
    return words;
  }

  /**
   * The verb at `keys[at]`: a verb with its fixed tail (`dale de baja`, 3 tokens) or a one-word
   * form (`mándamelo`); undefined when there is none.
   */
  verbAt(keys: readonly string[], at: number): { forms: readonly VerbForm[]; length: number } | undefined {
    let best: { forms: readonly VerbForm[]; length: number } | undefined;
    for (const tail of this.#tails.get(keys[at + 1] ?? '') ?? []) {
      // The longest tail said after a form of its verbs, up to six tokens in all.
      const length = 1 + tail.keys.length;
      if (length > 6 || (best && best.length >= length)) continue;
      if (!tail.keys.every((key, i) => keys[at + 1 + i] === key)) continue;
      const forms = tail.verbs.readings(keys[at] ?? '');
      if (forms.length > 0) best = { forms, length };
    }
    if (best) return best;
    const forms = this.#verbs.readings(keys[at] ?? '');
    return forms.length > 0 ? { forms, length: 1 } : undefined;
  }

  /** The one-word entries of `key`, listed or recognised by shape (`jajaja`, `2do`). */
  entries(key: string): readonly LexEntry[] {
    const listed = this.#root.next?.get(key)?.entries ?? NONE;
    const shaped = this.#shaped(key);
    return shaped.length === 0 ? listed : [...listed, ...shaped];
  }

  /** True when `key` is a one-word entry of `cls`. */
  is(key: string, cls: WordClass): boolean {
    const listed = this.#root.next?.get(key)?.entries;
    if (listed !== undefined)
      for (let e = 0; e < listed.length; e++) if (listed[e]!.class === cls) return true;
    const shaped = this.#shaped(key);
    for (let e = 0; e < shaped.length; e++) if (shaped[e]!.class === cls) return true;
    return false;
  }

  /** The verb readings of a one-word `key` (`mandame` → mandar, imperative, me). */
  verb(key: string): readonly VerbForm[] {
    return this.#verbs.readings(key);
  }

  /**
   * Entries whose phrase starts at `keys[at]`, longest first (`tipo de cambio` before `tipo`);
   * `classes` keeps only those classes.
   */
  phrasesAt(keys: readonly string[], at: number, classes?: ReadonlySet<WordClass>): PhraseHit[] {
    // Indexed loops, not callbacks nor for…of: these run for every word of every line, and for…of
    // over the shared frozen NONE and over fresh arrays allocated an iterator result per entry
    // (a quarter of what a cold pass over the fuzz corpus allocated, bench/language.ts).
    const hits: PhraseHit[] = [];
    let node: Node | undefined = this.#root;
    for (let i = at; i < keys.length && i - at < this.longest; i++) {
      node = node.next?.get(keys[i] ?? '');
      if (!node) break;
      const entries = node.entries;
      for (let e = 0; e < entries.length; e++) {
        const entry = entries[e]!;
        if (!classes || classes.has(entry.class)) hits.push({ entry, length: i - at + 1 });
      }
    }
    if (at < keys.length) {
      const shaped = this.#shaped(keys[at] ?? '');
      for (let e = 0; e < shaped.length; e++) {
        const entry = shaped[e]!;
        if (!classes || classes.has(entry.class)) hits.push({ entry, length: 1 });
      }
    }
    return hits.length > 1 ? longestFirst(hits) : hits;
  }

  /** Length of the longest phrase of one of `classes` at `keys[at]` (0 when none). */
  lengthAt(keys: readonly string[], at: number, classes: ReadonlySet<WordClass>): number {
    let longest = 0;
    let node: Node | undefined = this.#root;
    for (let i = at; i < keys.length && i - at < this.longest; i++) {
      node = node.next?.get(keys[i] ?? '');
      if (!node) break;
      const entries = node.entries;
      for (let e = 0; e < entries.length; e++) {
        if (classes.has(entries[e]!.class)) {
          longest = i - at + 1;
          break;
        }
      }
    }
    if (longest > 0 || at >= keys.length) return longest;
    const shaped = this.#shaped(keys[at] ?? '');
    for (let e = 0; e < shaped.length; e++) if (classes.has(shaped[e]!.class)) return 1;
    return 0;
  }

  /** Entries recognised by shape (`jajaja`, `2do`), remembered per key (bounded). */
  #shaped(key: string): readonly LexEntry[] {
    let shaped = this.#shapes.get(key);
    if (shaped === undefined) {
      const found = this.#patterns.filter((p) => p.pattern.test(key));
      shaped =
        found.length === 0 ? NONE : found.map((p) => ({ forms: [key], class: p.class, variety: p.variety }));
      if (this.#shapes.size >= 4_096) this.#shapes.clear();
      this.#shapes.set(key, shaped);
    }
    return shaped;
  }

  /** Every entry of a class (for display lists and generated phrases). */
  ofClass(cls: WordClass): readonly LexEntry[] {
    return this.#byClass.get(cls) ?? [];
  }

  /** Every written form of a class, as phrase keys (`por favor`, `porfa`, …). */
  keysOf(cls: WordClass, value?: string | number): string[] {
    return this.ofClass(cls)
      .filter((entry) => value === undefined || entry.value === value)
      .flatMap((entry) => entry.forms.map(phraseKey));
  }

  /**
   * Forms that belong to two classes (or to a class and a verb) with no rule in ambiguities.ts to
   * tell them apart; rules listed for forms that are no longer ambiguous are reported too.
   */
  unresolvedAmbiguities(): string[] {
    const classes = new Map<string, Set<string>>();
    const note = (key: string, cls: string) => {
      const set = classes.get(key);
      if (set) set.add(cls);
      else classes.set(key, new Set([cls]));
    };
    for (const [key, node] of this.#root.next ?? []) {
      for (const entry of node.entries) note(key, entry.class);
    }
    for (const key of classes.keys()) if (this.#verbs.has(key)) note(key, VERB_CLASS);
    const problems: string[] = [];
    const ruled = new Map(AMBIGUITIES.map((rule) => [phraseKey(rule.form), rule]));
    for (const [key, set] of classes) {
      if (set.size < 2) continue;
      const rule = ruled.get(key);
      const missing = [...set].filter((cls) => !rule?.classes.includes(cls as WordClass | typeof VERB_CLASS));
      if (missing.length > 0)
        problems.push(`"${key}" is ${[...set].sort().join(' + ')} with no rule for ${missing.join(', ')}`);
    }
    for (const [key, rule] of ruled) {
      if ((classes.get(key)?.size ?? 0) < 2)
        problems.push(`rule "${rule.rule}" names "${key}", which is not ambiguous`);
    }
    return problems;
  }
}

/** The one lexicon of the process; start-up fails on an ambiguity without a rule. */
export const lexicon = new Lexicon(ENTRIES, [...VERBS, ...PE_VERBS], PATTERNS);
const problems = lexicon.unresolvedAmbiguities();
if (problems.length > 0) {
  throw new Error(`lexicon: ${problems.length} ambiguous forms without a rule:\n${problems.join('\n')}`);
}

/** A month's name as replies write it (its first form: `setiembre`), 1 = January. */
export function monthName(month: number): string | undefined {
  return lexicon.ofClass('month').find((entry) => entry.value === month)?.forms[0];
}
