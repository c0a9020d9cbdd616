import { UserError, echo } from '../../../errors/user-error.js';
import { DOCUMENT_TYPE_NAMES } from '../../lexicon/es/display.js';
import type { SlotResult } from '../types.js';
import { isValidRuc } from './ruc.js';

/**
 * Local validation of an electronic document reference (rules in peru-domain.md), so a reference
 * that cannot exist never costs an API credit: each refusal names what is wrong (`ref-*`).
 */

/** An electronic document: issuer RUC, catálogo 01 type, series, correlative (no leading zeros). */
export interface DocumentReference {
  ruc: string;
  type: string;
  series: string;
  number: string;
}

/** The parts a line gave; any may be missing until validation fills or refuses them. */
export interface RefParts {
  readonly ruc?: string;
  readonly type?: string;
  readonly series?: string;
  readonly number?: string;
}

/** Which commands take which types: invoices and notes (16/17) vs guides (18/19). */
type DocumentKind = 'invoice' | 'guide';

export interface RefOptions {
  readonly kind: DocumentKind;
  /** The company's own RUC (tax-portal config): lets users leave the issuer out. */
  readonly ownRuc?: string;
  /** The type when the series implies none (`EG01`, `SG01`, `0001`): 09, or 31 for `transportista`. */
  readonly defaultType?: string;
  /**
   * The type a word named (`nota de crédito FC01-5` → 07): it wins over the series' inference when
   * the series allows it, and is ignored when it does not (`factura B001-15` is a loosely named
   * boleta, not an impossible document).
   */
  readonly typeWord?: string;
}

const KIND_TYPES: Readonly<Record<DocumentKind, readonly string[]>> = {
  invoice: ['01', '03', '07', '08'],
  guide: ['09', '31'],
};

/** The commands that take each kind of document, for "use this one instead" replies. */
const KIND_COMMANDS: Readonly<Record<DocumentKind, readonly string[]>> = {
  invoice: ['xml', 'pdf'],
  guide: ['guia', 'guiaxml'],
};

const SERIES = /^[A-Z0-9]{4}$/u;
const CORRELATIVE = /^\d{1,8}$/u;
const ZEROS = /^0+$/u;
const CONTINGENCY = /^\d{4}$/u;
const PORTAL_GUIDE = /^EG0[1-7]$/u;
const PORTAL_INVOICE = /^E\d/u;

const SERIES_FAMILY: Readonly<Record<string, readonly string[]>> = {
  F: ['01', '07', '08'],
  B: ['03', '07', '08'],
  T: ['09'],
  V: ['31'],
};

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
  if (PORTAL_INVOICE.test(series)) return ['01', '07', '08'];
  return SERIES_FAMILY[series.charAt(0)];
}

/**
 * The type a series implies (its family's first type: F001 → 01, EB01 → 03, T001 → 09). Inferred
 * whatever the command, so `xml T001-42` is told that T001 is a guide (use `guia`) rather than
 * "cannot infer the type". Portal guides (both guide types), contingency and unknown letters imply none.
 */
function inferType(series: string): string | undefined {
  const types = seriesTypes(series);
  return types?.length === 1 || (types && types[0] !== '09') ? types[0] : undefined;
}

/**
 * The reference `parts` name, completed (issuer from `ownRuc`, type from the word or the series)
 * and validated; `valor` is what replies echo. Series are uppercased; correlatives lose their
 * leading zeros (T001-00000042 = T001-42), for the API call, the cache and display alike.
 */
export function checkDocumentRef(
  parts: RefParts,
  options: RefOptions,
  valor: string,
): SlotResult<DocumentReference> {
  const fail = (...args: ConstructorParameters<typeof UserError>) => ({ error: new UserError(...args) });
  if (parts.series === undefined || parts.number === undefined) return fail('ref-format', { valor });
  const series = parts.series.toUpperCase();
  if (!SERIES.test(series)) return fail('ref-series', { valor, serie: echo(series, 12) });
  if (!CORRELATIVE.test(parts.number) || ZEROS.test(parts.number)) {
    return fail('ref-number', { valor, numero: echo(parts.number, 12), cero: ZEROS.test(parts.number) });
  }
  const number = parts.number.replace(/^0+/u, '');
  const ruc = parts.ruc ?? options.ownRuc;
  if (ruc === undefined) return fail('ref-own-ruc', { valor });
  if (!isValidRuc(ruc)) return fail('ref-ruc', { valor, ruc: echo(ruc, 14) });

  const named = options.typeWord;
  const fits = named !== undefined && (seriesTypes(series)?.includes(named) ?? true);
  const inferred = parts.type === undefined && !fits;
  const type = parts.type ?? (fits ? named : undefined) ?? inferType(series) ?? options.defaultType;
  if (type === undefined) return fail('ref-type-needed', { valor, serie: series });
  const typeName = DOCUMENT_TYPE_NAMES[type];
  if (typeName === undefined) return fail('ref-type', { valor, tipo: echo(type, 4) });
  if (!KIND_TYPES[options.kind].includes(type)) {
    const fitting = options.kind === 'invoice' ? 'guide' : 'invoice';
    const shortRef = [parts.ruc, parts.type, series, number].filter((part) => part !== undefined).join('-');
    return fail('ref-type-kind', {
      valor,
      tipo: type,
      nombre: typeName,
      clase: options.kind,
      serie: series,
      inferido: inferred,
      sugerencias: KIND_COMMANDS[fitting].map((command) => `${command} ${shortRef}`),
    });
  }
  if (!(seriesTypes(series)?.includes(type) ?? true)) {
    return fail('ref-series', { valor, serie: series, tipo: type, nombre: typeName });
  }
  return { value: { ruc, type, series, number } };
}
