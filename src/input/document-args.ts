import { chatKey, COURTESY, PhraseSet } from '../text/phrasing.js';
import type { DocumentRef } from '../lookup/api.js';
import { assertSingle, echo, tokens } from './args.js';
import { type ParseRefOptions, parseDocumentRef } from './document-ref.js';
import { UserError } from './user-error.js';

/**
 * The words people put around an electronic document reference (`guía serie T001 número 42`,
 * `la nota de crédito FC01-5`, `fact F001-123 en pdf`), read once for every document command:
 * labels inside the reference are dropped, a document-type word becomes a type hint, several
 * references are refused (one credit, one answer), and the words after the reference are handed
 * back for the command's own clauses (`enviar al chofer`, `en xml`).
 */

/** Catálogo 01 type named by a word before the reference (`nota de crédito` → 07). */
// prettier-ignore
const TYPE_WORDS: Readonly<Record<string, readonly string[]>> = {
  '01': ['factura', 'facturas', 'fact', 'fac', 'fact electronica', 'factura electronica'],
  '03': ['boleta', 'boletas', 'bol', 'boleta de venta', 'boleta electronica'],
  '07': ['nota de credito', 'notas de credito', 'nota credito', 'nc', 'n/c'],
  '08': ['nota de debito', 'notas de debito', 'nota debito', 'nd', 'n/d'],
  '09': ['guia', 'guias', 'gre', 'gr', 'grr', 'guia de remision', 'guia remision', 'guia remitente', 'remitente'],
  '31': ['guia transportista', 'guia de transportista', 'guia de remision transportista', 'transportista', 'grt'],
};

/** Words that name a document without a type, or qualify it: skipped before the reference. */
// prettier-ignore
const NEUTRAL = new PhraseSet([
  'comprobante', 'comprobantes', 'comprobante de pago', 'documento', 'doc', 'electronica', 'electronico',
  'de remision', 'remision', 'de', 'del', 'el', 'la', 'los', 'las', 'un', 'una', 'mi', 'su', 'nuestra',
  'nuestro', 'sunat', 'venta',
], COURTESY);

/** Labels of the reference's parts, dropped wherever they are (`T001 N° 42`, `serie T001 nro 42`). */
// prettier-ignore
const LABELS = new PhraseSet([
  'serie', 'numero', 'n°', 'nº', 'n', 'no', 'nro', 'nr', 'num', '#', 'correlativo', 'num.', 'ruc', 'tipo',
]);

/** Between two references: `T001-42 y T001-44`, `F001-123, F001-902`. */
const JOINERS = new Set(['y', 'e', 'o', 'mas', '&', '+', 'con']);

const typeWords = new PhraseSet(Object.values(TYPE_WORDS).flat());
const typeOf = new Map(
  Object.entries(TYPE_WORDS).flatMap(([type, words]) =>
    words.map((word) => [word.split(' ').map(chatKey).join(' '), type] as const),
  ),
);

/** A series-like part with a letter (`T001`, `FC01`): two of them are two references. */
const LETTER_SERIES = /^(?=[0-9]*[a-z])[a-z0-9]{4}$/iu;
/** An issuer: a new reference starts at a second one. */
const RUC_PART = /^\d{11}$/u;

export interface DocumentArgs {
  /** The reference's parts without labels, space-separated (for `parseDocumentRef`); '' when none. */
  ref: string;
  /** The type a word before the reference named (`boleta` → 03), a hint checked against the series. */
  typeWord?: string;
  /** Keys of words before the reference that are neither labels nor document words. */
  before: string[];
  /** The words after the reference, as typed and as keys (`chatKey`). */
  after: string[];
  afterKeys: string[];
}

/** Splits the text into parts: hyphens, slashes and underscores separate reference parts. */
function parts(raw: string): string[] {
  return tokens(
    raw
      .replace(/\bn\/([cd])\b/giu, 'n$1')
      .replace(/\.(pdf|xml|zip)(?=\s|$)/giu, '')
      .replace(/(^|\s)(n°|nº|nro\.|#)(?=[a-z0-9])/giu, '$1$2 ')
      .replace(/(^|\s)(nro)(?=\d)/giu, '$1$2 ')
      .replace(/[-–—_/]+/gu, ' '),
  );
}

/**
 * Reads `raw` (a command's argument) into the reference and what surrounds it. Throws
 * UserError('one-at-a-time') for several references (`T001-42 y T001-44`): `que` names the thing.
 */
export function readDocumentArgs(raw: string, que = 'un comprobante'): DocumentArgs {
  const words = parts(raw);
  const keys = words.map(chatKey);
  const digit = (at: number) => /\d/u.test(words[at] ?? '');
  const before: string[] = [];
  let typeWord: string | undefined;
  let at = 0;
  while (at < words.length && !digit(at)) {
    const typed = typeWords.lengthAt(keys, at);
    if (typed > 0) {
      typeWord = typeOf.get(keys.slice(at, at + typed).join(' ')) ?? typeWord;
      at += typed;
      continue;
    }
    if (!LABELS.has(keys[at] ?? '')) {
      const skip = NEUTRAL.lengthAt(keys, at);
      if (skip === 0) before.push(keys[at] ?? '');
      at += Math.max(skip, 1);
      continue;
    }
    at += 1;
  }
  const ref: string[] = [];
  let series = 0;
  let issuers = 0;
  for (; at < words.length; at++) {
    const word = words[at] ?? '';
    if (digit(at)) {
      if (LETTER_SERIES.test(word)) series += 1;
      if (RUC_PART.test(word)) issuers += 1;
      ref.push(word);
    } else if (!(LABELS.has(keys[at] ?? '') && digit(at + 1))) break;
  }
  const rest = at;
  // `T001-42 y T001-44`: a joiner (and maybe a document word) before another reference.
  let next = rest;
  if (JOINERS.has(keys[next] ?? '')) next += 1;
  while (
    next < words.length &&
    !digit(next) &&
    (typeWords.lengthAt(keys, next) || NEUTRAL.has(keys[next] ?? ''))
  ) {
    next += Math.max(typeWords.lengthAt(keys, next), 1);
  }
  const another = next > rest && digit(next);
  const count = Math.max(series, issuers, 1) + (another ? 1 : 0);
  if (ref.length > 0) assertSingle(Array.from({ length: count }, String), que);
  return {
    ref: ref.join(' '),
    ...(typeWord === undefined ? {} : { typeWord }),
    before,
    after: words.slice(rest),
    afterKeys: keys.slice(rest),
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
  const extra = read.afterKeys.filter((key) => !(tail?.has(key) ?? false) && !NEUTRAL.has(key));
  if (read.before.length > 0 || extra.length > 0) {
    throw new UserError('ref-format', { valor: echo(raw.trim(), 40) });
  }
  return parseDocumentRef(read.ref, {
    ...refOptions,
    ...(read.typeWord === undefined ? {} : { typeWord: read.typeWord }),
  });
}
