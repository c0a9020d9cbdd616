import type { DocumentRef } from '../../lookup/api.js';
import { parseDni, parseLicenceDni } from '../../input/dni.js';
import { parseDocumentArgs } from '../../input/document-args.js';
import { parseForeignDoc } from '../../input/identity.js';
import { parsePlate } from '../../input/plate.js';
import { parseRuc } from '../../input/ruc.js';
import { parseSearchText } from '../../input/search.js';
import { UserError } from '../../input/user-error.js';
import { lexicon } from '../lexicon/index.js';
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

/** How many digits an identifier's span needs to be one (`T001-43` is no RUC attempt). */
const MIN_DIGITS = 6;

function digits<V>(name: string, parse: (raw: string) => V, weakBelow = 0): SlotGrammar<V> {
  return {
    name,
    find(tokens) {
      const span = digitSpan(tokens);
      if (!span) return undefined;
      const text = textOf(tokens, span.start, span.end);
      if (
        (text.match(/\d/gu)?.length ?? 0) < Math.min(MIN_DIGITS, weakBelow || MIN_DIGITS) &&
        weakBelow === 0
      ) {
        return undefined;
      }
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

/** Words of a reference's kind before it: type words, labels, `de`, `la`. */
function refWord(token: Token): boolean {
  return ['document-type', 'document-word', 'label', 'article', 'preposition', 'filler', 'concept'].some(
    (cls) => lexicon.is(token.key, cls as never),
  );
}

function reference(name: string, kind: 'guide' | 'invoice'): SlotGrammar<DocumentRef> {
  return {
    name,
    find(tokens, ctx: GrammarContext) {
      const first = tokens.findIndex(hasDigit);
      if (first < 0) return undefined;
      let start = first;
      while (start > 0 && refWord(tokens[start - 1]!)) start -= 1;
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

const company: SlotGrammar<string> = {
  name: 'company-name',
  find(tokens) {
    if (tokens.length === 0) return undefined;
    return attempt(
      tokens,
      0,
      tokens.length,
      () => parseSearchText(textOf(tokens, 0, tokens.length)),
      'company-name',
    );
  },
};

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
