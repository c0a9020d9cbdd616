import { echo } from '../../../errors/user-error.js';
import { lexicon, type WordClass } from '../../lexicon/index.js';
import { keysOf, type Token } from '../../tokenize.js';
import type { SlotGrammar, SlotMatch } from '../types.js';
import {
  checkDocumentRef,
  type DocumentReference,
  type RefOptions,
  type RefParts,
} from './document-check.js';
import {
  byShape,
  isIssuer,
  isLetterSeries,
  type PartLabel,
  partsOfToken,
  positional,
} from './document-parts.js';
import { holdsDigits, isDash, matched, oneAtATime, spanText } from './shared.js';

/**
 * A document reference as people write it, in any order, with its words around it: `F001-123`,
 * `20123456786-09-T001-42`, `la boleta 77 de la serie B002`, `factura electrónica número 123
 * serie F001`, `serie T001 número 42`, `guía de remisión remitente T001-42`, `la nota de crédito
 * FC01-5`, a pasted file name `20123456786-01-F001-123.pdf`.
 */

/** Catálogo 01 type of a concept named before a reference (`guía` → 09, `guía transportista` → 31). */
const CONCEPT_TYPES: Readonly<Record<string, string>> = { guide: '09', 'guide-carrier': '31', carrier: '31' };
/** The concepts that name a part: `ruc 20123456786 serie …`. */
const CONCEPT_PARTS: Readonly<Record<string, PartLabel>> = { ruc: 'ruc' };
/** Words inside a reference phrase that carry nothing (`la`, `de`, `comprobante`, `electrónica`). */
const NEUTRAL: ReadonlySet<WordClass> = new Set<WordClass>([
  'article',
  'preposition',
  'possessive',
  'demonstrative',
  'document-word',
]);
/** Fillers of these concepts are neutral too (`de remisión`, `sunat`, `de venta`). */
const NEUTRAL_FILLERS = new Set(['document', 'guide']);
const TYPE_CLASSES: ReadonlySet<WordClass> = new Set<WordClass>(['document-type', 'concept']);
const LABELS: ReadonlySet<WordClass> = new Set<WordClass>(['label', 'concept']);
const CONJUNCTIONS: ReadonlySet<WordClass> = new Set<WordClass>(['conjunction']);

/** A part of the reference with the label written before it, if any. */
interface Part {
  readonly text: string;
  readonly label?: PartLabel;
}

/** What a line's reference phrase holds, before validation. */
export interface ReferenceReading {
  /** Tokens of the phrase, `[start, end)`: words that belong to it included. */
  readonly start: number;
  readonly end: number;
  /** References written (several are refused, one credit per answer). */
  readonly count: number;
  /** The parts, placed; undefined when they cannot be one reference (`T001-F001-42`). */
  readonly parts: RefParts | undefined;
  /** Every part in the order written (for the old space-separated form). */
  readonly written: readonly string[];
  /** The type a word before the reference named (`boleta` → 03). */
  readonly typeWord?: string;
  readonly because: readonly string[];
}

/** The type code a word names at `at` (`nota de crédito` → 07, `guía` → 09), with its length. */
function typeWordAt(keys: readonly string[], at: number): { code: string; length: number } | undefined {
  for (const hit of lexicon.phrasesAt(keys, at, TYPE_CLASSES)) {
    const value = String(hit.entry.value ?? '');
    const code = hit.entry.class === 'document-type' ? value : CONCEPT_TYPES[value];
    if (code !== undefined) return { code, length: hit.length };
  }
  return undefined;
}

/** The part a label names at `at` (`serie` → series, `N°` → number, `ruc` → issuer), with its length. */
function labelAt(keys: readonly string[], at: number): { label: PartLabel; length: number } | undefined {
  for (const hit of lexicon.phrasesAt(keys, at, LABELS)) {
    const value = hit.entry.value;
    if (hit.entry.class === 'label') {
      const label = value === 'series' || value === 'type' ? value : 'number';
      return { label, length: hit.length };
    }
    const part = CONCEPT_PARTS[String(value)];
    if (part) return { label: part, length: hit.length };
  }
  return undefined;
}

/** A word inside the phrase that carries nothing, with its length (0 when the word is not one). */
function neutralAt(keys: readonly string[], at: number): number {
  for (const hit of lexicon.phrasesAt(keys, at)) {
    if (NEUTRAL.has(hit.entry.class)) return hit.length;
    if (hit.entry.class === 'filler' && NEUTRAL_FILLERS.has(String(hit.entry.value))) return hit.length;
  }
  return 0;
}

/**
 * Parts read at most: one reference has four, two have eight; past that the line is a list or
 * pasted text (refused as several), and reading stops (bounded work).
 */
const MAX_PARTS = 8;

/** The key `No.` has: a number label only right before digits (`T001 No. 42`). */
const NO_LABEL = 'no';

/** Places labelled and unlabelled parts into one reference; undefined when they conflict. */
function place(groups: readonly (readonly Part[])[]): RefParts | undefined {
  const slots: { -readonly [K in PartLabel]?: string } = {};
  const put = (label: PartLabel, text: string) => {
    if (slots[label] !== undefined && slots[label] !== text) return false;
    slots[label] = text;
    return true;
  };
  for (const group of groups) {
    for (const part of group) if (part.label && !put(part.label, part.text)) return undefined;
    const plain = group.filter((part) => part.label === undefined).map((part) => part.text);
    if (plain.length === 1) {
      if (!put(byShape(plain[0]!), plain[0]!)) return undefined;
    } else if (plain.length > 1) {
      const placed = positional(plain);
      if (!placed) return undefined;
      for (const [label, text] of Object.entries(placed) as [PartLabel, string][]) {
        if (!put(label, text)) return undefined;
      }
    }
  }
  return slots;
}

/** A label that names a part and has the part after it (`serie T001`), with its length. */
function labelBefore(
  tokens: readonly Token[],
  keys: readonly string[],
  at: number,
): ReturnType<typeof labelAt> {
  const labelled = labelAt(keys, at);
  if (labelled) return holdsDigits(tokens[at + labelled.length] ?? tokens[at]!) ? labelled : undefined;
  // `T001 No. 42`: `No.` before digits is the number's label (NFKC made `Nº` so).
  const next = tokens[at + 1];
  return keys[at] === NO_LABEL && next !== undefined && holdsDigits(next)
    ? { label: 'number', length: 1 }
    : undefined;
}

/** Past a complete reference, only a label for a part still missing continues it (`… del ruc 2060…`). */
function labelAfterNeutrals(
  tokens: readonly Token[],
  keys: readonly string[],
  at: number,
  placed: RefParts | undefined,
): number | undefined {
  let next = at;
  for (let neutral = neutralAt(keys, next); neutral > 0; neutral = neutralAt(keys, next)) next += neutral;
  const labelled = labelBefore(tokens, keys, next);
  return labelled && placed?.[labelled.label] === undefined ? next : undefined;
}

/**
 * Reads the first reference phrase of `tokens`: its parts in any order, labels (`serie`,
 * `número`, `N°`), a type word (`boleta`, `guía de remisión remitente`) and the words between
 * them (`de la`), up to the first word that belongs to none (`mándasela`, `en xml`, `mañana`).
 * Undefined when the line holds no reference part.
 */
export function readReference(tokens: readonly Token[]): ReferenceReading | undefined {
  const keys = keysOf(tokens);
  const because = new Set<string>();
  const groups: Part[][] = [];
  let current: Part[] | undefined;
  let start: number | undefined;
  let lead: number | undefined;
  let end = 0;
  let label: PartLabel | undefined;
  let typeWord: string | undefined;
  let joined = false;
  let refs = 0;
  let placed: RefParts | undefined;
  for (let at = 0; at < tokens.length;) {
    const token = tokens[at]!;
    if (holdsDigits(token)) {
      if (groups.flat().length >= MAX_PARTS) break;
      const parts = partsOfToken(token.text);
      if (current === undefined) {
        if (groups.length === 0 || joined) refs += 1;
        current = [];
        groups.push(current);
      }
      const tag = parts.length === 1 ? label : undefined;
      for (const text of parts) current.push(tag ? { text, label: tag } : { text });
      start ??= lead ?? at;
      end = at + 1;
      label = undefined;
      joined = token.after === ',';
      if (joined) current = undefined;
      placed = place(groups);
      at += 1;
      continue;
    }
    if (isDash(token) && current !== undefined) {
      at += 1;
      continue;
    }
    const conjunction = groups.length > 0 && lexicon.lengthAt(keys, at, CONJUNCTIONS) === 1;
    if (conjunction) {
      joined = true;
      current = undefined;
      at += 1;
      continue;
    }
    const complete = placed?.series !== undefined && placed.number !== undefined;
    if (complete && !joined) {
      const next = labelAfterNeutrals(tokens, keys, at, placed);
      if (next === undefined) break;
      at = next;
    }
    const labelled = labelBefore(tokens, keys, at);
    if (labelled) {
      label = labelled.label;
      because.add(label === 'number' ? 'ref-label' : `ref-label-${label}`);
      start ??= lead ?? at;
      current = undefined;
      at += labelled.length;
      continue;
    }
    const typed = typeWordAt(keys, at);
    if (typed) {
      typeWord = groups.length === 0 || joined ? typed.code : (typeWord ?? typed.code);
      because.add('ref-type-word');
      start ??= lead ?? at;
      current = undefined;
      at += typed.length;
      continue;
    }
    const neutral = neutralAt(keys, at);
    if (neutral > 0) {
      lead ??= at;
      current = undefined;
      at += neutral;
      continue;
    }
    if (groups.length > 0) break;
    // A word before any part: the phrase starts again after it (`perdió la T001-42`).
    start = undefined;
    lead = undefined;
    label = undefined;
    at += 1;
  }
  if (groups.length === 0 || start === undefined) return undefined;
  const written = groups.flat().map((part) => part.text);
  const series = written.filter(isLetterSeries).length;
  const issuers = written.filter(isIssuer).length;
  const count = Math.max(refs, series, issuers, 1);
  because.add(count > 1 ? 'ref-several' : groups.length > 1 ? 'ref-any-order' : 'ref-parts');
  return {
    start,
    end,
    count,
    parts: count > 1 ? undefined : placed,
    written,
    ...(typeWord === undefined ? {} : { typeWord }),
    because: [...because],
  };
}

/**
 * `document-ref`: the one electronic document a line names, validated for a command of `kind`
 * (`invoice`: facturas, boletas, notes; `guide`: guías), the issuer defaulting to the company's
 * own RUC (`ctx.ownRuc`). Several references are `one-at-a-time`, naming `kind`'s document.
 */
export function documentRefGrammar(
  options: Omit<RefOptions, 'ownRuc' | 'typeWord'>,
): SlotGrammar<DocumentReference> {
  return {
    name: `document-ref:${options.kind}`,
    find(tokens, ctx): SlotMatch<DocumentReference> | undefined {
      const reading = readReference(tokens);
      if (reading === undefined) return undefined;
      const { start, end, because } = reading;
      if (reading.count > 1) {
        const error = oneAtATime(options.kind === 'guide' ? 'guide' : 'document', reading.count);
        return matched(start, end, { error }, because);
      }
      const valor = echo(spanText(tokens, start, end), 40);
      const result = checkDocumentRef(
        reading.parts ?? {},
        {
          ...options,
          ...(ctx.ownRuc === undefined ? {} : { ownRuc: ctx.ownRuc }),
          ...(reading.typeWord === undefined ? {} : { typeWord: reading.typeWord }),
        },
        valor,
      );
      return matched(start, end, result, because);
    },
  };
}
