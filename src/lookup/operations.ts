import { z } from 'zod';
import type { DniRucResult, DocumentRef, TaxPortalCredentials } from './api.js';
import type { OperationName } from './errors.js';
import {
  coerciveDebtSchema,
  companyHitSchema,
  type DniRuc,
  dniRucSchema,
  establishmentSchema,
  exchangeRateSchema,
  fiscalAddressSchema,
  foreignPersonSchema,
  type Group,
  groupListSchema,
  guideSchema,
  guideXmlSchema,
  invoiceFileSchema,
  licenceSchema,
  pensionRateSchema,
  personSchema,
  taxpayerSchema,
  vehicleSchema,
  workersPeriodSchema,
} from './schemas/index.js';
import type { OperationSpec } from './unwrap.js';

const spec = <D, R>(value: OperationSpec<D, R>): OperationSpec<D, R> => value;
const dataOnly = <D>(name: OperationName, data: z.ZodType<D, unknown>): OperationSpec<D, D> =>
  spec({ name, data, result: (value) => value });

/** Every operation's response rules, next to each other so the quirks of spec 4.3 are visible. */
export const OPERATIONS = {
  dni: dataOnly('dni', personSchema),
  dniRuc: spec<DniRuc, DniRucResult>({
    name: 'dniRuc',
    data: dniRucSchema,
    result: ({ ruc }, message) => ({ hasRuc: true, ruc, message }),
    answers: { message: 'El DNI no cuenta con RUC', result: (message) => ({ hasRuc: false, message }) },
  }),
  ce: dataOnly('ce', foreignPersonSchema),
  cee: dataOnly('cee', foreignPersonSchema),
  ci: dataOnly('ci', foreignPersonSchema),
  ruc: dataOnly('ruc', taxpayerSchema),
  fiscalAddress: dataOnly('fiscalAddress', fiscalAddressSchema),
  establishments: dataOnly('establishments', z.array(establishmentSchema)),
  workers: dataOnly('workers', z.array(workersPeriodSchema)),
  coerciveDebt: dataOnly('coerciveDebt', z.array(coerciveDebtSchema)),
  searchCompany: dataOnly('searchCompany', z.array(companyHitSchema)),
  licence: { ...dataOnly('licence', licenceSchema), successFlagOptional: true },
  vehicle: dataOnly('vehicle', vehicleSchema),
  exchangeRate: dataOnly('exchangeRate', exchangeRateSchema),
  pensionRates: dataOnly('pensionRates', z.array(pensionRateSchema)),
  invoiceXml: dataOnly('invoiceXml', invoiceFileSchema),
  invoicePdf: dataOnly('invoicePdf', invoiceFileSchema),
  guideXml: dataOnly('guideXml', guideXmlSchema),
  guide: dataOnly('guide', guideSchema),
  groups: spec<z.infer<typeof groupListSchema>, Group[]>({
    name: 'groups',
    data: groupListSchema,
    result: (list) => list.data,
  }),
} as const;

/**
 * Path template tag: every interpolated value goes through `encodeURIComponent`, so user input
 * can never add segments or a query (after openai-node's `path` helper).
 */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  let out = strings[0] ?? '';
  for (const [index, value] of values.entries()) {
    out += encodeURIComponent(value) + (strings[index + 1] ?? '');
  }
  return out;
}

/** The hyphen-joined guide segment of spec 4.2; a part holding a hyphen would be ambiguous. */
export function guidePath(kind: 'xml' | 'json', ref: DocumentRef): string {
  for (const key of ['ruc', 'type', 'series', 'number'] as const) {
    const value = ref[key];
    if (value === '' || value.includes('-')) {
      throw new RangeError(`DocumentRef.${key} must be non-empty and hold no hyphen`);
    }
  }
  return path`/taxauth/guia/${kind}/${ref.ruc}-${ref.type}-${ref.series}-${ref.number}`;
}

/** Body of operations 16 and 17 (spec 4.1); `doc.ruc` is the issuer, sent as `proveedor`. */
export function invoiceBody(credentials: TaxPortalCredentials, doc: DocumentRef): string {
  return JSON.stringify({
    ruc: credentials.ruc,
    usuario: credentials.user,
    password: credentials.password,
    proveedor: doc.ruc,
    tipo_doc: doc.type,
    serie: doc.series,
    correlativo: doc.number,
  });
}
