import { UserError } from './user-error.js';
import type { DocumentRef } from '../lookup/api.js';
import { echo, tokens } from './args.js';
import { isValidRuc } from './ruc.js';

/**
 * Electronic document references typed in chat (`xml`, `pdf`, `guia`, `guiaxml`), validated
 * before any API call (rules in peru-domain.md). Accepted forms, parts split by hyphens and/or spaces:
 *   20123456786-09-T001-42 · 20123456786 09 T001 42   (issuer, type, series, correlative)
 *   09-T001-42 · 20123456786-T001-42 · T001-42        (short forms: the issuer defaults to the
 *   company's own RUC, the type is inferred from the series: F→01, B→03, E001→01, EB01→03, T→09,
 *   V→31, else the command's default type)
 *   20123456786-09-T001-00000042.pdf                   (a pasted file name: .pdf, .xml, .zip)
 * Series are uppercased. Correlatives lose their leading zeros (T001-00000042 = T001-42) both for the
 * API call and for display, so both spellings hit the same cache entry.
 */

/** Catálogo 01 codes we accept, with the Spanish name used in replies. */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  '01': 'factura',
  '03': 'boleta',
  '07': 'nota de crédito',
  '08': 'nota de débito',
  '09': 'guía de remisión remitente',
  '31': 'guía de remisión transportista',
};

/** Which commands take which types: invoices and notes (16/17) vs guides (18/19). */
export type DocumentKind = 'invoice' | 'guide';

const KIND_TYPES: Readonly<Record<DocumentKind, readonly string[]>> = {
  invoice: ['01', '03', '07', '08'],
  guide: ['09', '31'],
};

const CONTINGENCY = /^\d{4}$/;
const PORTAL_GUIDE = /^EG0[1-7]$/;

/**
 * The types a series can belong to, from its first letters (the issuing system decides them):
 * F… facturas and their notes, B… boletas and theirs, E001 and EB01 the same from the tax portal's
 * free system, T… remitente guides, V… transportista guides, EG01–EG07 portal guides. Four digits
 * are paper documents (contingency) and any other letter (`SG01`) is left to the API: undefined.
 */
function seriesTypes(series: string): readonly string[] | undefined {
  if (CONTINGENCY.test(series)) return undefined;
  if (series.startsWith('EG')) return PORTAL_GUIDE.test(series) ? ['09', '31'] : [];
  if (series.startsWith('EB')) return ['03', '07', '08'];
  if (/^E\d/u.test(series)) return ['01', '07', '08'];
  return SERIES_FAMILY[series.charAt(0)];
}

const SERIES_FAMILY: Readonly<Record<string, readonly string[]>> = {
  F: ['01', '07', '08'],
  B: ['03', '07', '08'],
  T: ['09'],
  V: ['31'],
};

/** The commands that take each kind of document, for "use this one instead" replies. */
const KIND_COMMANDS: Readonly<Record<DocumentKind, readonly string[]>> = {
  invoice: ['xml', 'pdf'],
  guide: ['guia', 'guiaxml'],
};

/**
 * The type a series implies (its family's first type: F001 → 01, EB01 → 03, T001 → 09). Inferred
 * whatever the command, so `xml T001-42` is told that T001 is a guide (use `guia`) rather than
 * "cannot infer the type". Portal guides (both guide types), contingency and unknown letters imply none.
 */
function inferType(series: string): string | undefined {
  const types = seriesTypes(series);
  return types?.length === 1 || (types && types[0] !== '09') ? types[0] : undefined;
}

export interface ParseRefOptions {
  kind: DocumentKind;
  /** The company's own RUC (tax-portal config): lets users leave the issuer out. */
  ownRuc?: string;
  /** The type when the series implies none (`EG01`, `SG01`, `0001`): guides say 09, or 31 for `transportista`. */
  defaultType?: string;
  /**
   * The type a word named (`nota de crédito FC01-5` → 07, see `readDocumentArgs`): it wins over the
   * series' inference when the series allows it, and is ignored when it does not (`factura B001-15`
   * is a loosely named boleta, not an impossible document).
   */
  typeWord?: string;
}

const isRucToken = (t: string) => /^\d{11}$/.test(t);
const isTypeToken = (t: string) => /^\d{2}$/.test(t);

/** Splits the reference into its parts (issuer and type may be absent in short forms). */
function split(raw: string): { ruc?: string; type?: string; series: string; number: string } | undefined {
  const parts = tokens(raw.replace(/\.(pdf|xml|zip)$/iu, '').replace(/[-–—_/]+/g, ' '));
  if (parts.length === 4) {
    const [ruc = '', type = '', series = '', number = ''] = parts;
    return { ruc, type, series, number };
  }
  if (parts.length === 3) {
    const [first = '', series = '', number = ''] = parts;
    if (isRucToken(first)) return { ruc: first, series, number };
    if (isTypeToken(first)) return { type: first, series, number };
    if (/^\d+$/.test(first)) return { ruc: first, series, number };
    return undefined;
  }
  if (parts.length === 2) {
    const [series = '', number = ''] = parts;
    return { series, number };
  }
  return undefined;
}

/**
 * Parses and validates a document reference; throws `UserError('ref-…')` (templates/errors/ref-*.liquid)
 * naming what is wrong, so a reference that cannot exist never costs an API credit.
 */
export function parseDocumentRef(raw: string, options: ParseRefOptions): DocumentRef {
  const text = raw.trim();
  if (text === '') throw new UserError('ref-missing');
  const parts = split(text);
  if (!parts) throw new UserError('ref-format', { valor: echo(text, 40) });

  const series = parts.series.toUpperCase();
  const valor = echo(text, 40);
  if (!/^[A-Z0-9]{4}$/.test(series)) throw new UserError('ref-series', { valor, serie: echo(series, 12) });
  if (!/^\d{1,8}$/.test(parts.number) || /^0+$/.test(parts.number)) {
    const cero = /^0+$/.test(parts.number);
    throw new UserError('ref-number', { valor, numero: echo(parts.number, 12), cero });
  }
  const number = parts.number.replace(/^0+/, '');

  const ruc = parts.ruc ?? options.ownRuc;
  if (ruc === undefined) throw new UserError('ref-own-ruc', { valor });
  if (!isValidRuc(ruc)) throw new UserError('ref-ruc', { valor, ruc: echo(ruc, 14) });

  const named = options.typeWord;
  const fits = named !== undefined && (seriesTypes(series)?.includes(named) ?? true);
  const inferred = parts.type === undefined && !fits;
  const type = parts.type ?? (fits ? named : undefined) ?? inferType(series) ?? options.defaultType;
  if (type === undefined) throw new UserError('ref-type-needed', { valor, serie: series });
  const typeName = DOCUMENT_TYPES[type];
  if (typeName === undefined) throw new UserError('ref-type', { valor, tipo: echo(type, 4) });
  if (!KIND_TYPES[options.kind].includes(type)) {
    const fitting = options.kind === 'invoice' ? 'guide' : 'invoice';
    const shortRef = [parts.ruc, parts.type, series, number].filter((part) => part !== undefined).join('-');
    throw new UserError('ref-type-kind', {
      valor,
      tipo: type,
      nombre: typeName,
      clase: options.kind,
      serie: series,
      inferido: inferred,
      sugerencias: KIND_COMMANDS[fitting].map((command) => `${command} ${shortRef}`),
    });
  }
  if (!/^[A-Z0-9]{4}$/.test(series) || !(seriesTypes(series)?.includes(type) ?? true)) {
    throw new UserError('ref-series', { valor, serie: series, tipo: type, nombre: typeName });
  }
  return { ruc, type, series, number };
}

/** `20123456786-09-T001-42`: the API's path form and the cache key. */
export function formatDocumentRef(ref: DocumentRef): string {
  return `${ref.ruc}-${ref.type}-${ref.series}-${ref.number}`;
}

/**
 * "Is this an attempt?" for unaddressed group messages: a short text holding a digit
 * (`guia T001-42 enviar` has up to 6 words once spaced out), not chatter like `guia de remisión`.
 */
export function looksLikeDocumentRef(rawArgs: string): boolean {
  const words = tokens(rawArgs);
  return words.length > 0 && words.length <= 6 && words.some((word) => /\d/.test(word));
}
