import type { DocumentRef } from '../../lookup/api.js';
import { parseDni, parseLicenceDni } from '../../input/dni.js';
import { parseDocumentArgs } from '../../input/document-args.js';
import { parseForeignDoc } from '../../input/identity.js';
import { parsePlate } from '../../input/plate.js';
import { parseRuc } from '../../input/ruc.js';
import { parseSearchText } from '../../input/search.js';
import { UserError } from '../../input/user-error.js';
import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import type { GrammarContext, SlotGrammar, SlotMatch } from './types.js';

/*
 * INTERIM: the identifier grammars as spans over the validators of src/input/, until the token
 * grammars of src/language/grammars/identifiers/ replace them. A span is found from the tokens;
 * its text is validated by the old parse function.
 */

const hasDigit = (token: Token | undefined) => token !== undefined && /\d/u.test(token.text);
const isMark = (token: Token | undefined) => token?.shape === 'punct';
const isJoiner = (token: Token | undefined) =>
  token !== undefined && (token.key === 'y' || token.key === 'o' || token.key === 'e');

/** First digit-bearing token, then on over marks, joiners between numbers and short check parts. */
function digitSpan(tokens: readonly Token[]): { start: number; end: number } | undefined {
  const start = tokens.findIndex(hasDigit);
  if (start < 0) return undefined;
  let end = start + 1;
  for (;;) {
    const next = tokens[end];
    if (hasDigit(next)) end += 1;
    else if ((isMark(next) || isJoiner(next)) && hasDigit(tokens[end + 1])) end += 2;
    else if (isMark(next) && /^[a-z]$/iu.test(tokens[end + 1]?.text ?? '') && end + 2 === tokens.length)
      end += 2;
    else if (/^[a-z]$/iu.test(next?.text ?? '') && end + 1 === tokens.length) end += 1;
    else break;
  }
  return { start, end };
}

const textOf = (tokens: readonly Token[], start: number, end: number) =>
  tokens
    .slice(start, end)
    .map((token) => token.text)
    .join(' ');

function attempt<V>(
  tokens: readonly Token[],
  start: number,
  end: number,
  parse: () => V,
  because: string,
): SlotMatch<V> {
  try {
    return { start, end, result: { value: parse() }, because: [because] };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { start, end, result: { error }, because: [because] };
  }
}

/** A document reference (`T001-43`): a series with a letter, then a number; no identifier of a person or taxpayer. */
const REFERENCE = /^(?=[0-9]*[a-z])[a-z0-9]{4}-\d{1,8}$/iu;

function digits<V>(name: string, parse: (raw: string) => V, weakBelow = 0): SlotGrammar<V> {
  return {
    name,
    find(tokens) {
      const span = digitSpan(tokens);
      if (!span || REFERENCE.test(tokens[span.start]?.text ?? '')) return undefined;
      const text = textOf(tokens, span.start, span.end);
      const match = attempt(tokens, span.start, span.end, () => parse(text), name);
      const short = text.replace(/[-.\s]/gu, '').length < weakBelow;
      return short ? { ...match, weak: true } : match;
    },
  };
}

/** A plate: its digit part, and the letters typed apart before it (`ABC 123`). */
const plate: SlotGrammar<string> = {
  name: 'plate',
  find(tokens) {
    const span = digitSpan(tokens);
    if (!span) return undefined;
    let { start } = span;
    const before = tokens[start - 1];
    if (before && /^[a-z0-9]{1,4}$/iu.test(before.text) && !lexicon.entries(before.key).length) start -= 1;
    return attempt(tokens, start, span.end, () => parsePlate(textOf(tokens, start, span.end)), 'plate');
  },
};

const REF_WORDS = new Set<WordClass>([
  'document-type',
  'document-word',
  'label',
  'article',
  'preposition',
  'filler',
  'concept',
]);

/** The first token of the run of reference words (`la nota de crédito`, `guía de remisión`) ending before `end`. */
function refWordsStart(tokens: readonly Token[], end: number): number {
  const keys = tokens.map((token) => token.key);
  const covered: boolean[] = [];
  for (let i = 0; i < end; i++) {
    const length = lexicon.lengthAt(keys, i, REF_WORDS);
    for (let k = i; k < Math.min(i + length, end); k++) covered[k] = true;
  }
  let start = end;
  while (start > 0 && covered[start - 1] === true) start -= 1;
  return start;
}

function reference(name: string, kind: 'guide' | 'invoice'): SlotGrammar<DocumentRef> {
  return {
    name,
    find(tokens, ctx: GrammarContext) {
      const first = tokens.findIndex(hasDigit);
      if (first < 0) return undefined;
      const start = refWordsStart(tokens, first);
      let end = first + 1;
      while (
        end < tokens.length &&
        (hasDigit(tokens[end]) ||
          isMark(tokens[end]) ||
          lexicon.is(tokens[end]!.key, 'label') ||
          isJoiner(tokens[end]))
      ) {
        if (isJoiner(tokens[end]) && !hasDigit(tokens[end + 1])) break;
        end += 1;
      }
      const options = {
        kind,
        que: kind === 'guide' ? 'una guía' : 'un comprobante',
        defaultType: '09',
        ...(ctx.ownRuc ? { ownRuc: ctx.ownRuc } : {}),
      };
      return attempt(tokens, start, end, () => parseDocumentArgs(textOf(tokens, start, end), options), name);
    },
  };
}

/** Company names: words, with a legal form, a company word, quotes or capitals (`buscar la llave` is no name). */
const NOT_NAME = new Set<WordClass>(['concept', 'document-type', 'state-verb', 'report-verb']);
const NAME_EDGE = new Set<WordClass>(['article', 'preposition', 'person-noun', 'topic-noun', 'possessive']);

const company: SlotGrammar<string> = {
  name: 'company-name',
  find(tokens) {
    const keys = tokens.map((token) => token.key);
    const last = tokens[tokens.length - 1];
    const quoted = /["'«“]/u.test(tokens[0]?.lead ?? '') && /["'»”]/u.test(last?.trail ?? '');
    let start = 0;
    for (let n = edgeAt(keys, start); !quoted && n > 0; n = edgeAt(keys, start)) start += n;
    if (start >= tokens.length) return undefined;
    const words = tokens.slice(start);
    const text = textOf(tokens, start, tokens.length);
    const notName = (t: Token, i: number) =>
      hasDigit(t) || lexicon.lengthAt(keys, start + i, NOT_NAME) > 0 || lexicon.verb(t.key).length > 0;
    if (!quoted && words.some(notName)) return undefined;
    const named =
      quoted ||
      words.some((t) => lexicon.is(t.key, 'legal-form') || lexicon.is(t.key, 'company-word')) ||
      tokens.slice(0, start).some((t) => t.key === 'empresa') ||
      words.filter((t) => /^\p{Lu}/u.test(t.text)).length >= 2;
    const match = attempt(tokens, start, tokens.length, () => parseSearchText(text), 'company-name');
    return named ? match : { ...match, weak: true };
  },
};

function edgeAt(keys: readonly string[], at: number): number {
  return at < keys.length ? lexicon.lengthAt(keys, at, NAME_EDGE) : 0;
}

/** The identifier grammars by name. */
export const IDENTIFIER_GRAMMARS = {
  ruc: digits('ruc', parseRuc),
  dni: digits('dni', parseDni),
  licence: digits('licence', parseLicenceDni),
  ce: digits('ce', (raw) => parseForeignDoc(raw, 'CE'), 6),
  cee: digits('cee', (raw) => parseForeignDoc(raw, 'CEE'), 6),
  ci: digits('ci', (raw) => parseForeignDoc(raw, 'CI'), 6),
  plate,
  'guide-ref': reference('guide-ref', 'guide'),
  'invoice-ref': reference('invoice-ref', 'invoice'),
  'company-name': company,
} as const;
