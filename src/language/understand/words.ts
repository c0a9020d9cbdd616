import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import { correctSpelling } from '../spelling.js';
import { keysOf, type Token, tokenize } from '../tokenize.js';
import type { CommandIndex } from './command-index.js';
import { FIRST_NAME } from './asides.js';
import { correctedTokens } from './correction.js';
import type { CommandLanguage } from './declare.js';
import { classAt, leadInLength } from './line.js';
import { type Candidate, scanLine } from './scan.js';
import type { CommandShape } from './slots.js';

/** A line's words read once per line text and remembered (see `LineWords`); judge.ts judges them. */

const PREFIXES = /^[¿¡]*([/!.])(?=\p{L})/u;
/** `@519… `, `@519…, `, `@519… — `: mention tokens and their punctuation at a line's start. */
const LEADING_MENTIONS = /^(?:[([«"'“]?@\d+(?:[\p{P}\p{S}]+|(?=\s|$))\s*)+/u;
const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
/** Words that make a line courteous (a request, not a note): `por favor`, `gracias`. */
export const POLITE = set('courtesy', 'thanks');
const BOT_NAME = set('bot-name');
const PLACE_HERE = set('place-here');
const LAUGHTER = set('laughter');
const NAMES_ASKED = set('topic-noun', 'attribute');
const QUESTION_WORD = set('question-word');

/**
 * What a line's words are, whoever sent it and whenever: its prefix, tokens (spelling slips read
 * past or not), whether it asks, and the command words it names. Read once per line text (chat
 * repeats lines: greetings, thanks, a request asked again); judging them stays per message.
 */
export interface LineWords {
  readonly prefix: string | undefined;
  readonly tokens: readonly Token[];
  readonly keys: readonly string[];
  /** The spelling slips read past (`fatura→factura`); none when slips are not read. */
  readonly fixes: readonly string[];
  /** A wrong value and its correction were dropped (correction.ts). */
  readonly corrected: boolean;
  readonly question: boolean;
  /** A word of the line names the bot (`bot`, `chasqui`). */
  readonly botNamed: boolean;
  readonly namesHere: boolean;
  readonly joking: boolean;
  /** The line opens by calling a colleague by name (`Rosa, el tc de SUNAT es compra o venta?`). */
  readonly toSomeone: boolean;
  /** The command words found (scan.ts), with whose they are and whether they only ask. */
  readonly candidates: readonly { match: Candidate; owner: string | undefined; asking: boolean }[];
}

/** Lines remembered by `wordsOf`, and the longest one (longer ones are pasted text, read each time). */
const MAX_REMEMBERED_LINES = 1_024;
const MAX_REMEMBERED_LINE = 160;

/** The words of a line (remembered, see MAX_REMEMBERED_LINES), with spelling slips read past or not. */
export type LineWordsReader = (raw: string, spelling: boolean) => LineWords;

export function createLineWords(
  index: CommandIndex,
  shapeOf: (command: CommandLanguage) => CommandShape,
): LineWordsReader {
  /** Lines already read word by word (see LineWords), per line and spelling mode; bounded. */
  const linesRead = new Map<string, LineWords>();
  /**
   * Lines read once and not remembered: a line's words are remembered the second time it comes
   * (`buenos días`, `gracias`, a request asked again), so a stream of lines never seen twice
   * (pasted notes, the fuzz corpus) does not keep each one's words alive until the map is full,
   * which made every young-generation collection copy them (bench/language.ts).
   */
  const seenOnce = new Set<string>();

  function wordsOf(raw: string, spelling: boolean): LineWords {
    const id = `${spelling ? 's' : 't'}${raw}`;
    let words = linesRead.get(id);
    if (words === undefined) {
      words = readLineWords(raw, spelling);
      if (raw.length <= MAX_REMEMBERED_LINE) {
        if (!seenOnce.has(id)) {
          if (seenOnce.size >= MAX_REMEMBERED_LINES) seenOnce.clear();
          seenOnce.add(id);
        } else {
          seenOnce.delete(id);
          if (linesRead.size >= MAX_REMEMBERED_LINES) linesRead.clear();
          linesRead.set(id, words);
        }
      }
    }
    return words;
  }

  /**
   * The last line's prefix and typed tokens: a line with a spelling slip that makes no valid
   * request is read again as typed, from the same tokens.
   */
  let lastTyped: { raw: string; prefix: string | undefined; text: string; typed: Token[] } | undefined;

  function typedOf(raw: string) {
    if (lastTyped?.raw === raw) return lastTyped;
    // Mentions before the command word (`@bot /tc`, `@51911… @bot, ruc …`) do not hide a prefix.
    let text = raw.replace(LEADING_MENTIONS, '');
    let prefix: string | undefined;
    const prefixed = PREFIXES.exec(text);
    if (prefixed) {
      prefix = prefixed[1];
      text = text.slice(prefixed[0].length);
    }
    const typed = tokenize(text).filter((t) => t.shape !== 'mention');
    lastTyped = { raw, prefix, text, typed };
    return lastTyped;
  }

  function readLineWords(raw: string, spelling: boolean): LineWords {
    const { prefix, text, typed } = typedOf(raw);
    const spelled = spelling ? correctSpelling(typed) : { tokens: typed, fixes: [] };
    let tokens = spelled.tokens;
    let keys = keysOf(tokens);
    // `ruc 2060…6, digo, 2060…5`: the value written again replaces the wrong one.
    const fixed = correctedTokens(tokens, keys);
    if (fixed) {
      tokens = fixed;
      keys = keysOf(fixed);
    }
    const words = { prefix, tokens, keys, fixes: spelled.fixes, corrected: fixed !== undefined };
    if (tokens.length === 0)
      return {
        ...words,
        question: false,
        botNamed: false,
        namesHere: false,
        joking: false,
        toSomeone: false,
        candidates: [],
      };
    const question = asksQuestion(text, tokens, keys);
    const found = scanLine(index, tokens, keys, question);
    // The last token with a digit: whether a number follows a command word, found once per line.
    let lastDigit = -1;
    for (let i = tokens.length - 1; i >= 0 && lastDigit < 0; i--)
      if (/\d/u.test(tokens[i]!.text)) lastDigit = i;
    const candidates = found.map((match) => {
      // Help gives way only to an identifier: `ayuda con el ruc 2012…` looks it up, `ayuda ruc` explains.
      const topical = shapeOf(match.command).topic !== undefined;
      let asking = !topical || lastDigit >= match.end;
      for (let i = match.start; i < match.end && asking; i++)
        asking = leadInLength(tokens, keys, i, question) > 0;
      return { match, owner: ownerOfEarlier(match, found, keys), asking };
    });
    // One pass for what the line names: the bot, the place, laughter, courtesy, a verb.
    let botNamed = false;
    let namesHere = false;
    let laughs = false;
    let earnest = false;
    for (let i = 0; i < keys.length; i++) {
      botNamed ||= classAt(keys, i, BOT_NAME) > 0;
      namesHere ||= classAt(keys, i, PLACE_HERE) > 0;
      if (!question) {
        laughs ||= classAt(keys, i, LAUGHTER) > 0;
        earnest ||= classAt(keys, i, POLITE) > 0 || lexicon.verbAt(keys, i) !== undefined;
      }
    }
    return {
      ...words,
      question,
      botNamed,
      namesHere,
      joking: !question && laughs && !earnest,
      toSomeone: calledByName(tokens, keys),
      candidates,
    };
  }

  return wordsOf;
}

const SOCIAL_WORDS = set('greeting', 'callout');

/**
 * `Rosa, …`, `Hola Kevin, …`: the line opens by calling someone by a name the lexicon does not
 * know, then a comma: what follows is said to that colleague, not to the bot.
 */
function calledByName(tokens: readonly Token[], keys: readonly string[]): boolean {
  let at = 0;
  while (at < tokens.length && classAt(keys, at, SOCIAL_WORDS) > 0) at += classAt(keys, at, SOCIAL_WORDS);
  const name = tokens[at];
  if (!name || name.after !== ',' || at + 1 >= tokens.length || !FIRST_NAME.test(name.text)) return false;
  return lexicon.entries(keys[at] ?? '').length === 0 && lexicon.verbAt(keys, at) === undefined;
}

/**
 * Whether a line asks: a question mark, a question word before the first number (voice-to-text
 * drops the marks: `cuántos trabajadores tiene el ruc …`), or `si` after a verb (`dime si …`,
 * `confirma si el ruc … está activo`: an indirect question).
 */
function asksQuestion(text: string, tokens: readonly Token[], keys: readonly string[]): boolean {
  if (/[?¿]/u.test(text)) return true;
  if (verbFirst(keys) || orNot(tokens, keys)) return true;
  let digits = false;
  for (let at = 0; at < tokens.length && at < 20; at++) {
    const token = tokens[at]!;
    const k = keys[at] ?? '';
    if (k === 'si' && !token.accented && at > 0 && lexicon.verbAt(keys, verbBefore(tokens, at)) !== undefined)
      return true;
    if (/\d/u.test(token.text)) digits = true;
    // `el dólar a cuánto está`: a question phrase that opens with its preposition.
    if (!digits && lexicon.is(k, 'preposition') && lexicon.lengthAt(keys, at, QUESTION_WORD) > 1) return true;
    if (!digits && lexicon.is(k, 'question-word')) {
      const only = lexicon.entries(k).every((e) => e.class === 'question-word');
      if (token.accented || (only && at === 0) || (only && !lexicon.is(keys[at - 1] ?? '', 'preposition')))
        return true;
    }
  }
  return false;
}

/** Verbs of having or staying that open a spoken question (`tiene deuda el ruc …`). */
const OPENS_A_QUESTION: ReadonlySet<string> = new Set([
  'tiene',
  'tienen',
  'sigue',
  'siguen',
  'figura',
  'figuran',
]);
/** Speech that may come before it: `bueno a ver tiene …`, `oye sigue habido …`. */
const BEFORE_QUESTION = set('greeting', 'callout', 'discourse', 'interjection', 'addressee', 'bot-name');

/**
 * Voice-to-text drops the marks of a question said with the verb first: `bueno a ver tiene deuda
 * coactiva el ruc …`, `sigue habido el 2060…`.
 */
function verbFirst(keys: readonly string[]): boolean {
  let at = 0;
  for (
    let length = classAt(keys, 0, BEFORE_QUESTION);
    length > 0;
    length = classAt(keys, at, BEFORE_QUESTION)
  )
    at += length;
  return at < keys.length - 1 && OPENS_A_QUESTION.has(keys[at] ?? '');
}

/** `… está activo o no`, `… o no, me confirmas`: the tag of a yes-or-no question. */
function orNot(tokens: readonly Token[], keys: readonly string[]): boolean {
  for (let at = 1; at + 1 < keys.length; at++) {
    if (keys[at] !== 'o' || keys[at + 1] !== 'no') continue;
    const next = keys[at + 2];
    const verb = lexicon.is(next ?? '', 'clitic') ? at + 3 : at + 2;
    if (next === undefined || /[,;.!]$/u.test(tokens[at + 1]!.trail) || lexicon.verbAt(keys, verb))
      return true;
  }
  return false;
}

/** Words between commas before `si` (`quisiera saber, de ser posible, si …`). */
const MAX_ASIDE = 4;

/**
 * Where the verb `si` depends on may be: right before it, or before a short aside between commas
 * (`dime, por favor, si …`, `quisiera saber, de ser posible, si …`).
 */
function verbBefore(tokens: readonly Token[], at: number): number {
  if (tokens[at - 1]?.after !== ',') return at - 1;
  for (let i = at - 2; i >= 0 && i >= at - 1 - MAX_ASIDE; i--) if (tokens[i]!.after === ',') return i;
  return at - 1;
}

/**
 * `chofer de la placa ABC-123`: a command word right after another command's word and `de` names
 * whose that one is (the truck's driver), not what is asked: `owner-of:<command>`.
 */
function ownerOfEarlier(
  match: Candidate,
  all: readonly Candidate[],
  keys: readonly string[],
): string | undefined {
  if (match.lateFrom !== undefined) return undefined;
  const before = all.find((c) => c !== match && c.lateFrom === undefined && c.end <= match.start);
  if (!before || before.command === match.command) return undefined;
  // What a lookup shows is asked of the later one: `la razón social del RUC …`.
  if (classAt(keys, before.start, NAMES_ASKED) >= before.end - before.start) return undefined;
  const between = keys.slice(before.end, match.start);
  const joined =
    between.length > 0 && between.every((k) => lexicon.is(k, 'owner-of') || lexicon.is(k, 'article'));
  return joined && between.some((k) => lexicon.is(k, 'owner-of'))
    ? `owner-of:${before.command.name}`
    : undefined;
}
