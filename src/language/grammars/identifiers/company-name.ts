import { UserError, echo } from '../../../errors/user-error.js';
import { lexicon, type WordClass } from '../../lexicon/index.js';
import { keysOf, type Token } from '../../tokenize.js';
import type { SlotGrammar, SlotMatch } from '../types.js';
import { digitCount, matched, SOCIAL_CLASSES } from './shared.js';

/** Shortest and longest company-name search sent (shorter matches everything, longer is chatter). */
const SEARCH_MIN = 3;
const SEARCH_MAX = 80;

/** Words that make a line a sentence, not a name: social words, questions, time, verbs of state. */
const SENTENCE: ReadonlySet<WordClass> = new Set<WordClass>([
  'greeting',
  'callout',
  'courtesy',
  'thanks',
  'regards',
  'apology',
  'ack',
  'farewell',
  'laughter',
  'urgency',
  'affirmation',
  'question-word',
  'state-verb',
  'report-verb',
  'rate-move',
  'negation',
  'clitic',
  'relative-day',
  'weekday',
  'day-part',
  'meridiem',
  'time-prefix',
  'place-here',
  'reason',
]);
/** Words that neither start nor end a name (`a casa`, `los alamos de`). */
const EDGE: ReadonlySet<WordClass> = new Set<WordClass>(['preposition', 'conjunction']);
const FUNCTION: ReadonlySet<WordClass> = new Set<WordClass>([
  'article',
  'preposition',
  'conjunction',
  'possessive',
  'demonstrative',
]);
const LEGAL: ReadonlySet<WordClass> = new Set<WordClass>(['legal-form']);
/** Symbols written inside names: `Fernández & Hijos`, `A-1 Servicios`. */
const NAME_SYMBOLS = new Set(['&', '-', '+', '/']);
/** Digits beyond which a token is an identifier (a RUC, DNI or phone), not part of a name. */
const MAX_NAME_DIGITS = 5;
const UPPER_START = /^\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const LETTER = /\p{L}/u;

const classesOf = (key: string) => lexicon.entries(key).map((entry) => entry.class);

/** A verb reading that makes a sentence: any form but the participle (`Asociados`, `Unidos`). */
function isSentenceVerb(key: string): boolean {
  const forms = lexicon.verb(key);
  return forms.length > 0 && forms.some((form) => form.form !== 'participle') && classesOf(key).length === 0;
}

/** The token at `at` (key `keys[at]`) ends a name before it: a sentence word, a verb, an identifier. */
function stopsName(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  const token = tokens[at]!;
  if (token.shape === 'emoji' || token.shape === 'mention') return true;
  if (token.shape === 'punct') return !NAME_SYMBOLS.has(token.text);
  if (digitCount(token.text) > MAX_NAME_DIGITS) return true;
  if (lexicon.phrasesAt(keys, at, SENTENCE).some((hit) => hit.length > 1)) return true;
  const classes = classesOf(keys[at] ?? '');
  if (classes.length > 0 && classes.every((cls) => SENTENCE.has(cls))) return true;
  return isSentenceVerb(keys[at] ?? '');
}

/** Only a function word (`de`, `y`, `los`): a name never ends with one (`los alamos de`). */
const closesNoName = (key: string) => {
  const classes = classesOf(key);
  return classes.some((cls) => EDGE.has(cls) || cls === 'article');
};

/** A preposition or conjunction never starts a name (`a casa`, `y los demás`). */
const opensNoName = (key: string) => {
  const classes = classesOf(key);
  return classes.some((cls) => EDGE.has(cls));
};

/** Longest word whose final dot is an abbreviation's (`S.`, `Hnos.`, `Cía.`), not the sentence's. */
const ABBREVIATION_MAX = 4;

/** The written form of a name's token: an abbreviation keeps its final dot (`S.A.C.`, `Hnos.`). */
const written = (token: Token) =>
  token.after === '.' && (token.text.includes('.') || token.text.length <= ABBREVIATION_MAX)
    ? `${token.text}.`
    : token.text;

/** A name read from a position, and where the next reading may start (past what was read). */
interface Scanned {
  readonly match?: SlotMatch<string>;
  readonly next: number;
}

/** See `readCompanyName`; `next` lets a search skip words already known to hold no name. */
function scanName(tokens: readonly Token[], from: number, keys: readonly string[]): Scanned {
  const first = keys[from];
  if (first === undefined || tokens[from]!.shape === 'punct' || opensNoName(first)) return { next: from + 1 };
  let end = from;
  let length = 0;
  let legalForm = false;
  let plain = false;
  let companyWord = false;
  let capitalised = true;
  let lower = false;
  // Past SEARCH_MAX characters the name is too long anyway: reading stops (bounded work).
  while (end < tokens.length && length <= SEARCH_MAX && !stopsName(tokens, keys, end)) {
    const legal = lexicon.lengthAt(keys, end, LEGAL);
    if (legal > 0 && end > from) {
      legalForm = true;
      end += legal;
      break;
    }
    const key = keys[end] ?? '';
    const token = tokens[end]!;
    const classes = classesOf(key);
    if (classes.includes('company-word')) companyWord = true;
    if (LETTER.test(token.text) && classes.length === 0 && lexicon.verb(key).length === 0) plain = true;
    if (LETTER.test(token.text) && !classes.some((cls) => FUNCTION.has(cls)) && !UPPER_START.test(token.text))
      capitalised = false;
    if (LOWER.test(token.text)) lower = true;
    length += token.text.length + 1;
    end += 1;
    if (token.after !== '' && token.after !== '.') break;
  }
  const next = Math.max(end, from + 1);
  while (
    end > from &&
    (closesNoName(keys[end - 1] ?? '') || tokens[end - 1]!.shape === 'punct') &&
    !legalForm
  )
    end -= 1;
  const words = tokens.slice(from, end).filter((token) => LETTER.test(token.text));
  if (words.length === 0 || !(plain || companyWord || legalForm)) return { next };
  const rule = legalForm
    ? 'name-legal-form'
    : companyWord
      ? 'name-company-word'
      : capitalised && lower
        ? 'name-capitalised'
        : 'name-words';
  const name = tokens.slice(from, end).map(written).join(' ');
  const found = matched(from, end, { value: name }, [rule]);
  return { match: rule === 'name-words' ? { ...found, weak: true } : found, next };
}

/**
 * The company name that starts exactly at `from`, read up to the first word that makes the line a
 * sentence (a verb, a greeting, `mañana`, a question mark, an identifier). Undefined when no name
 * starts there: a preposition first (`a casa`), or only words the lexicon knows (`el camión`),
 * which a name never is without a legal form or a company word (`transportes`).
 */
export function readCompanyName(
  tokens: readonly Token[],
  from: number,
  keys: readonly string[] = keysOf(tokens),
): SlotMatch<string> | undefined {
  return scanName(tokens, from, keys).match;
}

/**
 * True when nothing but social words, punctuation or emoji follows `at`: a name read up to there
 * is the line's last say (`20123456786 - Transportes Andinos porfa`), not a sentence's start.
 */
export function onlySocialFrom(
  tokens: readonly Token[],
  at: number,
  keys: readonly string[] = keysOf(tokens),
): boolean {
  for (let next = at; next < tokens.length;) {
    const token = tokens[next]!;
    if (token.shape === 'punct' || token.shape === 'emoji') {
      next += 1;
      continue;
    }
    const social = lexicon.lengthAt(keys, next, SOCIAL_CLASSES);
    if (social === 0) return false;
    next += social;
  }
  return true;
}

const OPENING = /["'«“]/u;
const CLOSING = /["'»”]/u;

/** `buscar "los alamos"`: words written between quotes are a name, whatever they are (`name-quoted`). */
function quotedName(tokens: readonly Token[]): SlotMatch<string> | undefined {
  const start = tokens.findIndex((token) => OPENING.test(token.lead));
  if (start < 0) return undefined;
  const last = tokens.findIndex((token, i) => i >= start && CLOSING.test(token.trail));
  if (last < 0) return undefined;
  const name = tokens
    .slice(start, last + 1)
    .map((token) => token.text)
    .join(' ');
  if (name.length < SEARCH_MIN || name.length > SEARCH_MAX) return undefined;
  return matched(start, last + 1, { value: name }, ['name-quoted']);
}

/**
 * `company-name`: the free text of `buscar` read as a name. Rules, strongest first:
 * `name-legal-form` (ends in S.A.C., E.I.R.L.…), `name-company-word` (Transportes, Comercial…),
 * `name-capitalised` (Los Alamos, in title case: a line in capitals says nothing),
 * `name-words` (plain words the lexicon does not know: `weak`, as `la llave` reads so too). A name
 * shorter than 3 or longer than 80 characters is `invalid-search`.
 */
export const companyNameGrammar: SlotGrammar<string> = {
  name: 'company-name',
  find(tokens) {
    const keys = keysOf(tokens);
    const quoted = quotedName(tokens);
    if (quoted) return quoted;
    // Words a reading passed without a name hold none from a later start either: skip them.
    for (let at = 0; at < tokens.length;) {
      const { match: found, next } = scanName(tokens, at, keys);
      at = next;
      if (found === undefined || 'error' in found.result) continue;
      const name = found.result.value;
      if (name.length >= SEARCH_MIN && name.length <= SEARCH_MAX) return found;
      const error = new UserError('invalid-search', {
        valor: echo(name),
        corto: name.length < SEARCH_MIN,
        minimo: SEARCH_MIN,
        maximo: SEARCH_MAX,
      });
      return matched(found.start, found.end, { error }, found.because);
    }
    return undefined;
  },
};
