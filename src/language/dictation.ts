import { lexicon } from './lexicon/index.js';
import type { WordClass } from './lexicon/types.js';
import type { Token } from './tokenize.js';

/**
 * Voice-to-text as typed text: punctuation said aloud becomes its sign (`coma`, `guion`, `dos
 * puntos`, `8 punto 30` → `8.30`), and a code dictated letter by letter and digit by digit becomes
 * one token (`te cero cero uno guion cuarenta y dos` → `T001-42`, `a b c 1 2 3` → `ABC123`, `cuatro
 * cinco seis siete ocho nueve uno dos` → `45678912`), so every grammar reads it as if typed. The
 * words are the lexicon's (`spoken-mark`, `spelled-letter`, `number-word`).
 */

/** tokenize.ts's constructor, passed in so the two modules do not import each other. */
export type MakeToken = (text: string, lead: string, trail: string) => Token;

const cls = (...names: WordClass[]) => new Set<WordClass>(names);
const MARK = cls('spoken-mark');
const LETTER = cls('spelled-letter');
const NUMBER = cls('number-word');
const SAID = cls('number-word', 'spelled-letter');
/** Words a code may follow (`placa`, `guía`, `factura`, `serie`, `N°`), maybe past `de la`. */
const NAMES_A_CODE = cls('concept', 'document-type', 'document-word', 'label');
const BETWEEN = cls('article', 'preposition');
/** Marks that join two numbers said around them (`8 punto 30`, `20 barra 11`, `T001 guion 42`). */
const JOINING = new Set(['.', '-', '/', ':']);
/** Marks that end the word before them, as if typed right after it (`hola coma`). */
const TRAILING = new Set([',', '.', ':', ';', '?', '!']);
/** A code's digits after its last letter (`T001`, `ABC123`): fewer are a time or a count (`de 8 a 9`). */
const MIN_CODE_DIGITS = 3;
/** Digits said one by one that make a number of their own (a DNI, a RUC, a phone). */
const MIN_NUMBER_DIGITS = 6;
const MIN_NUMBER_ITEMS = 3;
/** More pieces than the longest code said one by one (`te cero cero uno guion` and eight digits). */
const MAX_PIECES = 16;
const ONE_LETTER = /^\p{L}$/u;
const ONE_DIGIT = /^\d$/u;
const HUNDREDS = 100;

/** Turns said punctuation and dictated codes into what a keyboard would have typed. */
export function dictate(tokens: readonly Token[], make: MakeToken): Token[] {
  return codes(marks(tokens, make), make);
}

function holdsDigits(token: Token | undefined): boolean {
  return token !== undefined && (token.shape === 'number' || token.shape === 'alnum');
}

/** The spoken mark at `at` (its sign and length), unless its words belong to a longer phrase (`en punto`). */
function markAt(keys: readonly string[], at: number): { sign: string; length: number } | undefined {
  if (lexicon.lengthAt(keys, at, MARK) === 0) return undefined; // no mark here: nothing to list
  const hits = lexicon.phrasesAt(keys, at);
  const mark = hits.find((hit) => MARK.has(hit.entry.class));
  if (!mark || hits[0]!.length > mark.length) return undefined;
  const before = at > 0 ? lexicon.phrasesAt(keys, at - 1) : [];
  if (before.some((hit) => hit.length >= 2 && !MARK.has(hit.entry.class))) return undefined;
  return { sign: String(mark.entry.value), length: mark.length };
}

function marks(tokens: readonly Token[], make: MakeToken): Token[] {
  const keys = tokens.map((token) => token.key);
  const out: Token[] = [];
  for (let at = 0; at < tokens.length; at++) {
    const mark = tokens[at]!.shape === 'word' ? markAt(keys, at) : undefined;
    if (!mark) {
      out.push(tokens[at]!);
      continue;
    }
    const prev = out[out.length - 1];
    const next = tokens[at + mark.length];
    if (JOINING.has(mark.sign) && holdsDigits(prev) && holdsDigits(next) && prev!.trail === '') {
      out[out.length - 1] = make(`${prev!.text}${mark.sign}${next!.text}`, prev!.lead, next!.trail);
      at += mark.length;
    } else if (TRAILING.has(mark.sign) && prev !== undefined && prev.shape !== 'punct') {
      out[out.length - 1] = make(prev.text, prev.lead, `${prev.trail}${mark.sign}`);
      at += mark.length - 1;
    } else {
      out.push(make(mark.sign, '', ''));
      at += mark.length - 1;
    }
  }
  return out;
}

/** One dictated piece of a code: a letter, digits, or the dash between its parts. */
interface Item {
  readonly kind: 'letter' | 'digits' | 'dash';
  readonly text: string;
  readonly length: number;
  /** Said, not typed: a letter's name or a number word. */
  readonly spoken: boolean;
}

function itemAt(tokens: readonly Token[], keys: readonly string[], at: number): Item | undefined {
  const token = tokens[at];
  if (!token) return undefined;
  if (token.shape === 'punct')
    return token.text === '-' ? { kind: 'dash', text: '-', length: 1, spoken: false } : undefined;
  if (token.text.length === 1 && ONE_DIGIT.test(token.text))
    return { kind: 'digits', text: token.text, length: 1, spoken: false };
  if (token.shape !== 'word') return undefined;
  // Most words are neither a number word nor a letter's name: one lookup tells.
  if (lexicon.lengthAt(keys, at, SAID) > 0) {
    const number = numberAt(keys, at);
    if (number) return number;
    const letter = lexicon.phrasesAt(keys, at, LETTER)[0];
    if (letter)
      return { kind: 'letter', text: String(letter.entry.value), length: letter.length, spoken: true };
  }
  if (token.text.length <= 2 && ONE_LETTER.test(token.text))
    return { kind: 'letter', text: token.text.toUpperCase(), length: 1, spoken: false };
  return undefined;
}

/** A number word (`cero`, `cuarenta y dos`, `ciento veintitrés`); `un`/`una` are articles here. */
function numberAt(keys: readonly string[], at: number): Item | undefined {
  const hit = lexicon.phrasesAt(keys, at, NUMBER)[0];
  const value = hit?.entry.value;
  if (!hit || typeof value !== 'number' || value >= 1000 || keys[at] === 'un' || keys[at] === 'una')
    return undefined;
  const next =
    value >= HUNDREDS && value % HUNDREDS === 0
      ? lexicon.phrasesAt(keys, at + hit.length, NUMBER)[0]
      : undefined;
  const rest = next && typeof next.entry.value === 'number' && next.entry.value < HUNDREDS ? next : undefined;
  const total = value + (rest ? Number(rest.entry.value) : 0);
  return { kind: 'digits', text: String(total), length: hit.length + (rest?.length ?? 0), spoken: true };
}

/** The code or number dictated from `at`, as typed (`T001-42`, `45678912`), with its token count. */
function codeAt(
  tokens: readonly Token[],
  keys: readonly string[],
  pieces: readonly (Item | undefined)[],
  at: number,
): { text: string; end: number } | 'too-long' | undefined {
  const items: Item[] = [];
  let end = at;
  for (let item = pieces[end]; item; item = pieces[end]) {
    if (items.length === MAX_PIECES) return 'too-long'; // letters or numbers said, no code
    // A dash joins digits to what follows (`T001-42`) or a plate's letters to its digits (`ABC-123`).
    if (item.kind === 'dash' && (items.length === 0 || items.some((i) => i.kind === 'dash'))) break;
    if (item.kind === 'letter' && items.some((i) => i.kind === 'dash')) break;
    items.push(item);
    end += item.length;
    if (tokens[end - 1]!.after !== '') break; // `… seis, dos cero …`: a comma ends the code
  }
  while (items.length > 0 && items[items.length - 1]!.kind !== 'digits') {
    end -= items.pop()!.length;
  }
  const dash = items.findIndex((item) => item.kind === 'dash');
  const head = dash < 0 ? items : items.slice(0, dash);
  const text = (list: readonly Item[]) => list.map((item) => item.text).join('');
  const whole = dash < 0 ? text(head) : `${text(head)}-${text(items.slice(dash + 1))}`;
  const spoken = items.some((item) => item.spoken);
  const lastLetter = head.map((item) => item.kind).lastIndexOf('letter');
  if (lastLetter < 0) {
    const digits = text(head).length;
    const said = spoken && head.length >= MIN_NUMBER_ITEMS && digits >= MIN_NUMBER_DIGITS;
    return said ? { text: whole, end } : undefined;
  }
  const tail = text(items.slice(lastLetter + 1).filter((item) => item.kind === 'digits')).length;
  const typedApart = items.filter((item) => !item.spoken).length >= 4;
  if (head[0]!.kind !== 'letter' || tail < MIN_CODE_DIGITS || !(spoken || typedApart)) return undefined;
  return namedBefore(tokens, keys, at) ? { text: whole, end } : undefined;
}

/** A code is dictated only after what names it: `placa a b c…`, `guía te cero…`, `serie efe…`. */
function namedBefore(tokens: readonly Token[], keys: readonly string[], at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    if (tokens[i]!.shape === 'punct') continue;
    if (endsAt(keys, i, NAMES_A_CODE)) return true;
    if (lexicon.lengthAt(keys, i, BETWEEN) !== 1) return false;
  }
  return false;
}

/** A phrase of one of `classes` ends at `keys[i]` (`guía de remisión`, `N°`). */
function endsAt(keys: readonly string[], i: number, classes: ReadonlySet<WordClass>): boolean {
  for (let start = Math.max(0, i - lexicon.longest + 1); start <= i; start++) {
    if (lexicon.phrasesAt(keys, start, classes).some((hit) => start + hit.length - 1 === i)) return true;
  }
  return false;
}

function codes(tokens: readonly Token[], make: MakeToken): Token[] {
  const keys = tokens.map((token) => token.key);
  const pieces = tokens.map((_, at) => itemAt(tokens, keys, at));
  const between = (at: number) => lexicon.lengthAt(keys, at, BETWEEN) === 1;
  const codeFrom = (at: number) => (pieces[at] ? codeAt(tokens, keys, pieces, at) : undefined);
  const out: Token[] = [];
  for (let at = 0; at < tokens.length;) {
    const code = codeFrom(at);
    if (code === 'too-long') {
      // No part of a run that long is a code (`uno dos tres … veinte`): copied as said.
      out.push(tokens[at]!);
      for (at += 1; pieces[at] && tokens[at - 1]!.after === ''; at += 1) out.push(tokens[at]!);
      continue;
    }
    // `placa de be siete…`: a said `de` before a code is the preposition.
    const preposition = code !== undefined && keys[at]!.length > 1 && between(at);
    const next = preposition ? codeFrom(at + 1) : undefined;
    if (code && code.end - at > 1 && !(next && next !== 'too-long')) {
      out.push(make(code.text, tokens[at]!.lead, tokens[code.end - 1]!.trail));
      at = code.end;
    } else {
      out.push(tokens[at]!);
      at += 1;
    }
  }
  return out;
}
