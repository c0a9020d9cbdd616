import { z } from 'zod';
import type { DniRucResult, DocumentRef, TaxPortalCredentials } from './api.js';
import * as S from './schemas/index.js';

/**
 * One operation of the lookup API (spec Part 4) as data. `A` is the typed method's argument list,
 * `D` the envelope's `data`, `R` the method's result. Everything that differs per operation lives
 * here; the client, the cache, the config and the sandbox read this table instead of listing names.
 */
export interface OperationDef<A extends unknown[], D, R> {
  method: 'GET' | 'POST';
  /** Path relative to the host's api prefix; with `segment`, the prefix the segment follows. */
  path: string;
  /** The messaging host (operation 20) instead of the main one. */
  host?: 'messaging';
  /** POST: the JSON body from the method's arguments. */
  body?: (...args: A) => object;
  /** GET: the last path segment from the arguments, already encoded. */
  segment?: (...args: A) => string;
  /** Argument values that must never appear in an error (the tax-portal user and password). */
  secrets?: (...args: A) => string[];
  /** Validates the envelope's `data`. */
  data: z.ZodType<D, unknown>;
  /** Shapes the result from the validated `data` and the envelope message; `data` itself when absent. */
  result?: (data: D, message: string) => R;
  /** Licence (op 12): a reply with `data` and no `success` flag is a success (spec 4.3). */
  successFlagOptional?: boolean;
  /** `success: false` messages that are answers, not errors (op 2: "El DNI no cuenta con RUC"). */
  answers?: { message: string; result: (message: string) => R };
  /** Name of the operation in the `uso` report (Spanish: admins read it). */
  label: string;
  /** Default cache lifetime in seconds (config `cacheTtlSeconds` overrides it; 0 = not cached). */
  ttlSeconds: number;
  /** Returns personal data (Ley 29733): the config caps its cache lifetime. */
  personalData?: true;
  /** Fetched with the company's tax-portal credentials: never cached, whatever the config says. */
  neverCached?: true;
}

const op = <A extends unknown[] = [], D = unknown, R = D>(def: OperationDef<A, D, R>) => def;

type Meta = Pick<OperationDef<[], unknown, unknown>, 'label' | 'ttlSeconds' | 'personalData'>;
/** The common shape: POST a body built from the arguments, answer with `data` as it is. */
const post = <A extends unknown[], D>(
  path: string,
  body: (...args: A) => object,
  data: z.ZodType<D, unknown>,
  meta: Meta,
) => op<A, D, D>({ method: 'POST', path, body, data, ...meta });

const HOUR = 3600;
const person = (label: string): Meta => ({ label, ttlSeconds: 600, personalData: true });
const taxpayer = (label: string): Meta => ({ label, ttlSeconds: 6 * HOUR });
const byRuc = (ruc: string) => ({ ruc });
const invoice = (path: string, label: string) =>
  op<[credentials: TaxPortalCredentials, doc: DocumentRef], S.InvoiceFile>({
    method: 'POST',
    path,
    body: invoiceBody,
    secrets: (credentials) => [credentials.password, credentials.user],
    data: S.invoiceFileSchema,
    label,
    ttlSeconds: 0,
    neverCached: true,
  });

/** THE table of the 20 operations, in spec order; the keys are the client's method names. */
const DEFINITIONS = {
  dni: post('/dni', (dni: string) => ({ dni }), S.personSchema, person('DNI')),
  dniRuc: op<[dni: string], S.DniRuc, DniRucResult>({
    method: 'POST',
    path: '/dni-ruc',
    body: (dni) => ({ dni }),
    data: S.dniRucSchema,
    result: ({ ruc }, message) => ({ hasRuc: true, ruc, message }),
    answers: { message: 'El DNI no cuenta con RUC', result: (message) => ({ hasRuc: false, message }) },
    ...person('DNI con RUC'),
  }),
  ce: post('/ce', (ce: string) => ({ ce }), S.foreignPersonSchema, person('Carné de extranjería')),
  cee: post(
    '/cee',
    (cee: string) => ({ cee }),
    S.foreignPersonSchema,
    person('Carné especial de extranjería'),
  ),
  ci: post('/ci', (ci: string) => ({ ci }), S.foreignPersonSchema, person('Cédula de identidad')),
  ruc: post('/ruc', byRuc, S.taxpayerSchema, taxpayer('RUC')),
  fiscalAddress: post('/ruc/domicilio-fiscal', byRuc, S.fiscalAddressSchema, taxpayer('Domicilio fiscal')),
  establishments: post(
    '/ruc/establecimientos',
    byRuc,
    z.array(S.establishmentSchema),
    taxpayer('Establecimientos'),
  ),
  workers: post('/ruc/trabajadores', byRuc, z.array(S.workersPeriodSchema), taxpayer('Trabajadores')),
  coerciveDebt: post('/ruc/deuda-coactiva', byRuc, z.array(S.coerciveDebtSchema), taxpayer('Deuda coactiva')),
  searchCompany: post(
    '/ruc/razon_social',
    (razonSocial: string) => ({ razon_social: razonSocial }),
    z.array(S.companyHitSchema),
    taxpayer('Búsqueda por razón social'),
  ),
  licence: {
    ...post('/licencia', (dni: string) => ({ dni }), S.licenceSchema, person('Licencia de conducir')),
    successFlagOptional: true,
  },
  vehicle: post('/placa', (placa: string) => ({ placa }), S.vehicleSchema, taxpayer('Placa')),
  /** `fecha` as yyyy-mm-dd; the cache keeps a past date's rate longer (`pastRates`). */
  exchangeRate: post('/tipo_de_cambio', (fecha: string) => ({ fecha }), S.exchangeRateSchema, {
    label: 'Tipo de cambio',
    ttlSeconds: HOUR,
  }),
  /** `periodo` as yyyy-MM. */
  pensionRates: post('/comisiones-afp', (periodo: string) => ({ periodo }), z.array(S.pensionRateSchema), {
    label: 'Comisiones AFP',
    ttlSeconds: HOUR,
  }),
  /** `doc.ruc` is the issuer (the body's `proveedor`), `credentials.ruc` the requester. */
  invoiceXml: invoice('/taxauth/xml', 'Factura XML'),
  invoicePdf: invoice('/taxauth/pdf', 'Factura PDF'),
  /** The Base64 text of the guide XML. */
  guideXml: op<[ref: DocumentRef], string>({
    method: 'GET',
    path: '/taxauth/guia/xml/',
    segment: guideSegment,
    data: S.guideXmlSchema,
    label: 'Guía XML',
    ttlSeconds: 600,
  }),
  guide: op<[ref: DocumentRef], S.Guide>({
    method: 'GET',
    path: '/taxauth/guia/json/',
    segment: guideSegment,
    data: S.guideSchema,
    label: 'Guía de remisión',
    ttlSeconds: 600,
  }),
  /** On the messaging host: `{messaging_url}/group/all`. */
  groups: op<[], z.infer<typeof S.groupListSchema>, S.Group[]>({
    method: 'GET',
    host: 'messaging',
    path: '/group/all',
    data: S.groupListSchema,
    result: (list) => list.data,
    label: 'Grupos',
    ttlSeconds: 300,
  }),
};

type Definitions = typeof DEFINITIONS;
/** The 20 operation names (the client's method names). */
export type OperationName = keyof Definitions;
/** The typed method's arguments of operation `N` (without the trailing `CallOptions`). */
export type OperationArgs<N extends OperationName> = N extends OperationName
  ? Definitions[N] extends OperationDef<infer A, infer _D, infer _R>
    ? A
    : never
  : never;
/** What operation `N`'s method resolves to. */
export type OperationResult<N extends OperationName> = N extends OperationName
  ? Definitions[N] extends OperationDef<infer _A, infer _D, infer R>
    ? R
    : never
  : never;
/** A table row with its name and a `result` always present (what `unwrap` reads). */
export type Operation = OperationDef<unknown[], unknown, unknown> & {
  name: OperationName;
  result: (data: unknown, message: string) => unknown;
};

const identity = (data: unknown) => data;

/** The table keyed by name, each row completed with its `name`. */
export const OPERATIONS: Readonly<Record<OperationName, Operation>> = Object.freeze(
  Object.fromEntries(
    Object.entries(DEFINITIONS).map(([name, def]) => [
      name,
      Object.freeze({ ...def, name, result: def.result ?? identity }),
    ]),
  ) as Record<OperationName, Operation>,
);

/** An operation's Spanish name (usage reports, the console's charts); an unknown name as it is. */
export function operationLabel(name: string): string {
  return Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name as OperationName].label : name;
}

/** Every operation name at run time, in spec order. */
export const OPERATION_NAMES = Object.freeze(Object.keys(DEFINITIONS) as OperationName[]);

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
function guideSegment(ref: DocumentRef): string {
  for (const key of ['ruc', 'type', 'series', 'number'] as const) {
    const value = ref[key];
    if (value === '' || value.includes('-')) {
      throw new RangeError(`DocumentRef.${key} must be non-empty and hold no hyphen`);
    }
  }
  return path`${ref.ruc}-${ref.type}-${ref.series}-${ref.number}`;
}

/** Full path of operations 18 (`xml`) and 19 (`json`). */
export function guidePath(kind: 'xml' | 'json', ref: DocumentRef): string {
  return OPERATIONS[kind === 'xml' ? 'guideXml' : 'guide'].path + guideSegment(ref);
}

/** Body of operations 16 and 17 (spec 4.1); `doc.ruc` is the issuer, sent as `proveedor`. */
function invoiceBody(credentials: TaxPortalCredentials, doc: DocumentRef): object {
  return {
    ruc: credentials.ruc,
    usuario: credentials.user,
    password: credentials.password,
    proveedor: doc.ruc,
    tipo_doc: doc.type,
    serie: doc.series,
    correlativo: doc.number,
  };
}
