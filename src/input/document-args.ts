import type { DocumentRef } from '../lookup/api.js';
import { readReference, skippableAt } from '../language/grammars/identifiers/document-ref.js';
import { isContent, readLine } from '../language/grammars/identifiers/shared.js';
import type { Token } from '../language/tokenize.js';
import { type ParseRefOptions, parseDocumentRef } from './document-ref.js';
import { UserError, echo } from './user-error.js';

/**
 * The words people put around an electronic document reference (`guía serie T001 número 42`,
 * `la boleta 77 de la serie B002`, `fact F001-123 en pdf`), read once for every document command
 * through the `document-ref` grammar: labels and type words inside the reference are placed, a
 * type word becomes a type hint, several references are refused (one credit, one answer), and the
 * words after the reference are handed back for the command's own clauses (`enviar al chofer`).
 */

export interface DocumentArgs {
  /** The reference's parts without labels, space-separated (for `parseDocumentRef`); '' when none. */
  ref: string;
  /** The type a word before the reference named (`boleta` → 03), a hint checked against the series. */
  typeWord?: string;
  /** Keys of words before the reference that are neither labels, document words nor courtesy. */
  before: string[];
  /** The words after the reference, as typed and as keys. */
  after: string[];
  afterKeys: string[];
}

/** Keys of the words of `tokens` that say something (not the reference's words, courtesy, marks). */
function meaningful(tokens: readonly Token[]): string[] {
  const keys = tokens.filter(isContent).map((token) => token.key);
  const out: string[] = [];
  for (let at = 0; at < keys.length;) {
    const skip = skippableAt(keys, at);
    if (skip === 0) out.push(keys[at] ?? '');
    at += Math.max(skip, 1);
  }
  return out;
}

/**
 * Reads `raw` (a command's argument) into the reference and what surrounds it. Throws
 * UserError('one-at-a-time') for several references (`T001-42 y T001-44`): `que` names the thing.
 */
export function readDocumentArgs(raw: string, que = 'un comprobante'): DocumentArgs {
  const tokens = readLine(raw);
  const reading = readReference(tokens);
  if (reading === undefined) return { ref: '', before: meaningful(tokens), after: [], afterKeys: [] };
  if (reading.count > 1) throw new UserError('one-at-a-time', { que, cantidad: reading.count });
  const { parts, written } = reading;
  // A reference placed whole is written in the order parseDocumentRef reads; an incomplete one
  // keeps a single part, which it refuses as `ref-format`.
  const ref =
    parts?.series !== undefined && parts.number !== undefined
      ? [parts.ruc, parts.type, parts.series, parts.number].filter((part) => part !== undefined).join(' ')
      : (written[0] ?? '');
  const after = tokens.slice(reading.end).filter(isContent);
  return {
    ref,
    ...(reading.typeWord === undefined ? {} : { typeWord: reading.typeWord }),
    before: meaningful(tokens.slice(0, reading.start)),
    after: after.map((token) => token.text),
    afterKeys: after.map((token) => token.key),
  };
}

/**
 * A reference alone, with the words around it that change nothing (`el xml de la nota de crédito
 * FC01-5`, `guía serie T001 número 42`): the type word is the type's hint, and any other word
 * (besides `tail`, e.g. the command's own format) makes it `ref-format`.
 */
export function parseDocumentArgs(
  raw: string,
  options: ParseRefOptions & { que: string; tail?: ReadonlySet<string> },
): DocumentRef {
  const { que, tail, ...refOptions } = options;
  const read = readDocumentArgs(raw, que);
  const extra = meaningful(readLine(read.after.join(' '))).filter((key) => !(tail?.has(key) ?? false));
  if (read.before.length > 0 || extra.length > 0) {
    throw new UserError('ref-format', { valor: echo(raw.trim(), 40) });
  }
  return parseDocumentRef(read.ref, {
    ...refOptions,
    ...(read.typeWord === undefined ? {} : { typeWord: read.typeWord }),
  });
}
