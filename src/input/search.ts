import { UserError } from './user-error.js';
import { echo } from './args.js';

/** Shortest and longest company-name search we send (shorter matches everything, longer is chatter). */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 80;

/** Validates the text of `buscar`. Throws UserError: search-missing, invalid-search. */
export function parseSearchText(raw: string): string {
  const text = raw
    .replace(/[\p{C}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^["'«“](.*)["'»”]$/u, '$1')
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

const LEGAL_FORM = /(^|\s)(s\.?a\.?c\.?|s\.?a\.?a\.?|s\.?a\.?|e\.?i\.?r\.?l\.?|s\.?r\.?l\.?)(\s|$)/iu;

/**
 * Whether unaddressed group text after `buscar` is a search rather than chatter: a quoted name
 * (`buscar "los alamos"`) or one with a legal form (`buscar comercial pachacamac s.a.`).
 */
export function looksLikeCompanySearch(raw: string): boolean {
  const text = raw.trim();
  return /^["«“].+["»”]$/u.test(text) || LEGAL_FORM.test(text);
}
