import { dictate } from './dictation.js';
import { key, trailingStart } from './key.js';
import { lexicon } from './lexicon/index.js';

/**
 * THE tokenizer: one normalised line (normalize.ts) → tokens every grammar consumes. Words are
 * split on spaces; sentence punctuation, quotes and emoji glued to a word are kept apart from it
 * (`¿ruc?` → `ruc` with `?` after); a concept word or a label glued to a number is split
 * (`ruc20123456786`, `RUC:2012…`, `N°2012…`, `#2`); tokens of punctuation or emoji alone keep
 * their place with their own shape, so grammars can skip them.
 */

/** What a token is made of. */
type Shape =
  | 'word' // letters only (`ruc`, `mándame`, `S.A.C.`)
  | 'number' // digits, maybe with separators inside (`20123456786`, `20/11/2026`, `3.79`)
  | 'alnum' // letters and digits (`ABC123`, `T001-42`, `1ro`, `8h30`)
  | 'mention' // `@51987654321`
  | 'emoji' // pictographs only (`🙏`, `👍🏽`)
  | 'punct'; // punctuation or symbols only (`-`, `:`, `→`)

export interface Token {
  /** As written, without the punctuation around it (`¿ruc?` → `ruc`; inner marks stay: `T001-42`). */
  readonly text: string;
  /** The comparison key (key.ts): folded, stretched letters collapsed, abbreviation dots gone. */
  readonly key: string;
  readonly shape: Shape;
  /** Sentence punctuation written right after the word (`,` `.` `?` `!` `:` `;`), or ''. */
  readonly after: string;
  /** Every mark written around the word: opening (`¿`, `"`, `(`) and closing (`?»)`, emoji). */
  readonly lead: string;
  readonly trail: string;
  /** True when the word was typed with an accent or `ñ` (`sí`, `está`, `mandé`). */
  readonly accented: boolean;
}

const LEADING = /^[¿¡("'«“*_~[{]+/u;
/** The first characters of LEADING, so most pieces skip it. */
const OPENING: ReadonlySet<number> = new Set([...'¿¡("\'«“*_~[{'].map((char) => char.charCodeAt(0)));
/** One character of the marks closing a word (a run of them is found by `trailingStart`). */
const TRAILING_MARK = /^[?!,;.:)"'»”…*_~\]}\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3\u200D]$/u;
const SENTENCE_MARK = /[?!,;.:]/u;
const LETTER = /\p{L}/u;
const DIGIT = /\d/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const ACCENTED = /[áéíóúüñÁÉÍÓÚÜÑ]/u;
/** `N°2012…`, `#2`, `nro.20…`, `No.2012…`: a label glued to its number. */
const GLUED_LABEL = /^(n°|no\.|nro\.?|num\.?|#)(\d.*)$/iu;
/** `ruc20123456786`, `RUC:20123…`, `R.U.C.:2012…`, `dni-45678912`: a word glued to a number. */
const GLUED_WORD = /^([\p{L}.]+?)[:.-]?(\d[\d.-]*)$/u;
/** `RUC:…`, `placa:ABC-123`: a word with a colon and what follows. */
const LABELLED = /^([\p{L}.°]+):(.+)$/u;
/** What every glued form holds. */
const GLUE_MAY = /[\d:]/u;

function shapeOf(text: string): Shape {
  if (text.startsWith('@') && /^@\d+$/u.test(text)) return 'mention';
  // ASCII letters and digits (most tokens): one pass, no regex.
  let letters = false;
  let digits = false;
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i++) {
    const code = text.charCodeAt(i);
    const lower = code | 0x20;
    if (lower >= 0x61 && lower <= 0x7a) letters = true;
    else if (code >= 0x30 && code <= 0x39) digits = true;
    else if (code >= 0x80) ascii = false;
  }
  if (!ascii) {
    letters = LETTER.test(text);
    digits = DIGIT.test(text);
  }
  if (letters && digits) return 'alnum';
  if (digits) return 'number';
  if (letters) return 'word';
  return PICTOGRAPH.test(text) ? 'emoji' : 'punct';
}

function makeToken(text: string, lead: string, trail: string): Token {
  return {
    text,
    key: key(text),
    shape: shapeOf(text),
    after: trail === '' ? '' : (SENTENCE_MARK.exec(trail)?.[0] ?? ''),
    lead,
    trail,
    accented: ACCENTED.test(text),
  };
}

/** A word that may be glued to its argument: a concept (`ruc`, `dni`, `placa`) or a label. */
function gluable(word: string): boolean {
  const k = key(word);
  return lexicon.is(k, 'concept') || lexicon.is(k, 'label');
}

/** Splits one space-separated piece into the words it holds, each with the marks after it. */
function split(piece: string): [word: string, marks: string][] {
  // Every glued form holds a digit or a colon: a plain word is itself.
  if (!GLUE_MAY.test(piece)) return [[piece, '']];
  const label = GLUED_LABEL.exec(piece);
  if (label)
    return [
      [label[1] ?? '', ''],
      [label[2] ?? '', ''],
    ];
  const labelled = LABELLED.exec(piece);
  if (labelled && gluable(labelled[1] ?? ''))
    return [
      [labelled[1] ?? '', ':'],
      [labelled[2] ?? '', ''],
    ];
  const glued = GLUED_WORD.exec(piece);
  if (glued && gluable(glued[1] ?? ''))
    return [
      [glued[1] ?? '', ''],
      [glued[2] ?? '', ''],
    ];
  return [[piece, '']];
}

/** The tokens of one space-separated piece (`¿ruc?`, `RUC:2012…`, `🙏`). */
function readPiece(piece: string): Token[] {
  const lead = OPENING.has(piece.charCodeAt(0)) ? (LEADING.exec(piece)?.[0] ?? '') : '';
  const rest = piece.slice(lead.length);
  const trail = rest.slice(trailingStart(rest, TRAILING_MARK));
  const body = rest.slice(0, rest.length - trail.length);
  // A token of marks alone (`?`, `🙏`, `-`) keeps them as its text.
  if (body === '') return [makeToken(piece, '', '')];
  const words = split(body).filter(([word]) => word !== '');
  return words.map(([word, marks], i) =>
    makeToken(word, i === 0 ? lead : '', i === words.length - 1 ? trail : marks),
  );
}

/**
 * Pieces already read, so a line read again (a message's lines joined, a hand-off) and the words
 * every message repeats (`ruc`, `porfa`) are not tokenised twice. Bounded: cleared when full;
 * longer pieces (pasted runs) are read each time. Tokens are immutable, so they are shared.
 */
const PIECES = new Map<string, readonly Token[]>();
const MAX_PIECES = 4_096;
const MAX_CACHED_PIECE = 64;

function tokensOf(piece: string): readonly Token[] {
  if (piece.length > MAX_CACHED_PIECE) return readPiece(piece);
  let tokens = PIECES.get(piece);
  if (tokens === undefined) {
    tokens = readPiece(piece);
    if (PIECES.size >= MAX_PIECES) PIECES.clear();
    PIECES.set(piece, tokens);
  }
  return tokens;
}

/**
 * Lines already read, the same way: the lines chat repeats (`buenos días`, `gracias`, a request
 * asked again) are not split and dictated again. Bounded like PIECES; callers get their own copy.
 */
const LINES = new Map<string, readonly Token[]>();
const MAX_LINES = 1_024;
const MAX_CACHED_LINE = 160;

/** The tokens of one normalised line; said punctuation and dictated codes as typed (dictation.ts). */
export function tokenize(line: string): Token[] {
  const known = LINES.get(line);
  if (known !== undefined) return known.slice();
  const out: Token[] = [];
  for (const piece of line.split(' ')) {
    if (piece === '') continue;
    for (const token of tokensOf(piece)) out.push(token);
  }
  const tokens = dictate(out, makeToken);
  if (line.length <= MAX_CACHED_LINE) {
    if (LINES.size >= MAX_LINES) LINES.clear();
    LINES.set(line, tokens.slice());
  }
  return tokens;
}

/** The keys of a token list, the form most lexicon lookups take. */
export function keysOf(tokens: readonly Token[]): string[] {
  return tokens.map((token) => token.key);
}
