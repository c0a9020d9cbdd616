import { UserError, echo } from './user-error.js';
import { companyNameGrammar, SEARCH_MAX, SEARCH_MIN } from '../language/grammars/identifiers/company-name.js';
import { isContent, NO_CONTEXT, readLine } from '../language/grammars/identifiers/shared.js';

export { SEARCH_MAX, SEARCH_MIN } from '../language/grammars/identifiers/company-name.js';

const QUOTED = /^["'«“](.*)["'»”]$/u;
const QUOTED_NAME = /^["«“].+["»”]$/u;

/** Validates the text of `buscar`. Throws UserError: search-missing, invalid-search. */
export function parseSearchText(raw: string): string {
  const text = raw
    .replace(/[\p{C}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(QUOTED, '$1')
    .trim();
  if (text === '') throw new UserError('search-missing');
  if (text.length < SEARCH_MIN || text.length > SEARCH_MAX) {
    throw new UserError('invalid-search', {
      valor: echo(text),
      corto: text.length < SEARCH_MIN,
      minimo: SEARCH_MIN,
      maximo: SEARCH_MAX,
    });
  }
  return text.toUpperCase();
}

/** The `company-name` rules that make unaddressed text a name without quotes. */
const NAME_RULES = new Set(['name-legal-form', 'name-company-word', 'name-capitalised']);

/**
 * Whether unaddressed group text after `buscar` is a search rather than chatter: a quoted name
 * (`buscar "los alamos"`), or the whole text read as a company name by a rule that marks it as one:
 * a legal form (`comercial pachacamac s.a.`), a company word (`transportes andinos`), or
 * capitals (`Los Alamos`). Plain words (`el archivo`) are left to an addressed `buscar`.
 */
export function looksLikeCompanySearch(raw: string): boolean {
  const text = raw.trim();
  if (QUOTED_NAME.test(text)) return true;
  const tokens = readLine(text);
  const found = companyNameGrammar.find(tokens, NO_CONTEXT);
  if (found === undefined || 'error' in found.result) return false;
  const covers = tokens.every((token, at) => !isContent(token) || (at >= found.start && at < found.end));
  return covers && found.because.some((rule) => NAME_RULES.has(rule));
}
