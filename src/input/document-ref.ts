import { UserError, echo } from './user-error.js';
import type { DocumentRef } from '../lookup/api.js';
import { checkDocumentRef, type RefOptions } from '../language/grammars/identifiers/document-check.js';
import { partsOfToken, positional } from '../language/grammars/identifiers/document-parts.js';
import { holdsDigits, isContent, readLine } from '../language/grammars/identifiers/shared.js';

export { DOCUMENT_TYPE_NAMES as DOCUMENT_TYPES } from '../language/lexicon/es/display.js';
export { type DocumentKind, formatDocumentRef } from '../language/grammars/identifiers/document-check.js';

/** How a command reads references: its kind, the company's RUC, the default and named types. */
export type ParseRefOptions = RefOptions;

/** Most words an unaddressed document request has (`guia T001-42 enviar` spaced out). */
const MAX_WORDS = 6;

/**
 * A reference alone, in its written forms (parts split by hyphens, slashes, underscores or
 * spaces): `20123456786-09-T001-42`, `09-T001-42`, `20123456786-T001-42`, `T001-42`, a pasted file
 * name `20123456786-09-T001-00000042.pdf`. The issuer defaults to the company's own RUC and the
 * type comes from the series (F→01, B→03, E001→01, EB01→03, T→09, V→31) or `defaultType`; rules
 * and errors (`ref-*`) in the language layer's document-check, so a reference that cannot exist
 * never costs an API credit.
 */
export function parseDocumentRef(raw: string, options: ParseRefOptions): DocumentRef {
  const text = raw.trim();
  if (text === '') throw new UserError('ref-missing');
  const valor = echo(text, 40);
  const parts = positional(
    readLine(text)
      .filter(isContent)
      .flatMap((token) => partsOfToken(token.text)),
  );
  if (!parts) throw new UserError('ref-format', { valor });
  const checked = checkDocumentRef(parts, options, valor);
  if ('error' in checked) throw checked.error;
  return checked.value;
}

/**
 * "Is this an attempt?" for unaddressed group messages: a short text holding a digit
 * (`guia T001-42 enviar`), not chatter like `guia de remisión`.
 */
export function looksLikeDocumentRef(rawArgs: string): boolean {
  const words = readLine(rawArgs).filter(isContent);
  return words.length > 0 && words.length <= MAX_WORDS && words.some(holdsDigits);
}
