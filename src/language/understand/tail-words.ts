import { lexicon } from '../lexicon/index.js';
import type { LexEntry, WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import type { CommandMatch } from './command-index.js';
import { classAt, isMark, statementAt } from './line.js';
import type { Slots } from './slots.js';

/**
 * What the rules for the words after a complete request share: the request they follow (tail.ts)
 * and whose its identifier is (owner-note.ts).
 */

export interface TailContext {
  readonly tokens: readonly Token[];
  readonly keys: readonly string[];
  readonly match: CommandMatch;
  readonly slots: Slots;
  /** Asked on the writer's behalf (`me confirmas`, `necesito`). */
  readonly forMe: boolean;
  /** An asking verb named the request (`mándame`, `borra`, `ya no vigiles`, `confirma si`). */
  readonly asked: boolean;
  /** The line is courteous or a question (`por favor`, `gracias`, `?`). */
  readonly polite: boolean;
  /** The line asks a question. */
  readonly question: boolean;
}

const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
/** A number this long after the slot is another identifier, not part of a note. */
const ID_DIGITS = /\d{6,}/u;
/** Who may own an identifier: `postulante`, `empresa`, `Transportes Andinos SAC`. */
const OWNER = set('person-noun', 'company-word', 'legal-form');
/** Inside a note: determiners and adjectives around the noun. */
export const NOTE_GLUE = set(
  'article',
  'possessive',
  'demonstrative',
  'qualifier',
  'preposition',
  'conjunction',
);
/** A joining word before what follows a request: `y`, `que`, `porque`. */
const JOINING = set('conjunction', 'reason');

export const isId = (token: Token) => ID_DIGITS.test(token.text.replace(/[.\s-]/gu, ''));
export const hasId = (tokens: readonly Token[], from: number) => tokens.slice(from).some(isId);

/** The words at `at` come after a pause (a comma, a dash) or a joining word (`y`, `que`, `porque`). */
export function afterPause(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const before = tokens[at - 1];
  if (before && (/[,;:.!?]$/u.test(before.trail) || isMark(before))) return true;
  return classAt(keys, at, JOINING) > 0;
}

/** An entry that may own an identifier: a person, a company, a driver, a carrier. */
export function ownerHit(entry: LexEntry): boolean {
  if (OWNER.has(entry.class)) return true;
  if (entry.class !== 'concept') return false;
  return entry.value === 'driver' || entry.value === 'carrier';
}

/**
 * A person named at `at` as a clause's subject: `el cliente …`, `la jefa …`, `el chofer …` (articles
 * first; anyone who may own an identifier).
 */
export function someoneAt(keys: readonly string[], at: number): boolean {
  let i = at;
  while (lexicon.is(keys[i] ?? '', 'article')) i += 1;
  return i > at && lexicon.phrasesAt(keys, i).some((hit) => ownerHit(hit.entry));
}

/** Whether a word from `at` on tells (a past, a report, `ya`). */
export function tellsFrom(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  for (let i = at; i < tokens.length; i++) {
    const told = statementAt(tokens, keys, i, true);
    if (told !== undefined || lexicon.is(keys[i] ?? '', 'negation') || pastByItsAccent(tokens[i]!, keys[i]))
      return true;
  }
  return false;
}

/**
 * A word the lexicon does not know, typed with the accent of a past on its last `ó` (`volvió`,
 * `regresó`): what someone did, whichever verb it is.
 */
function pastByItsAccent(token: Token, key: string | undefined): boolean {
  return /^\p{Ll}\p{L}+ó$/u.test(token.text) && lexicon.entries(key ?? '').length === 0;
}
