import type {
  CoerciveDebt,
  CompanyHit,
  Establishment,
  ExchangeRate,
  FiscalAddress,
  ForeignPerson,
  Group,
  Guide,
  InvoiceFile,
  Licence,
  PensionRate,
  Person,
  Taxpayer,
  Vehicle,
  WorkersPeriod,
} from './schemas/index.js';

/** The four parts of a document reference, joined with hyphens in the guide paths (spec 4.2). */
export interface DocumentRef {
  ruc: string;
  /** Two-digit document type code: 01 factura, 03 boleta, 09 guía remitente, ... */
  type: string;
  series: string;
  number: string;
}

/** The company's tax-portal credentials (operations 16 and 17). Never logged, never in errors. */
export interface TaxPortalCredentials {
  ruc: string;
  user: string;
  password: string;
}

/** Result of operation 2: a DNI without RUC is an answer, not an error. */
export type DniRucResult =
  { hasRuc: true; ruc: string; message: string } | { hasRuc: false; message: string };

export interface CallOptions {
  signal?: AbortSignal;
}

/** One typed method per operation of the lookup API (spec Part 4). */
export interface LookupApi {
  /** 1 POST /dni */
  dni(dni: string, options?: CallOptions): Promise<Person>;
  /** 2 POST /dni-ruc */
  dniRuc(dni: string, options?: CallOptions): Promise<DniRucResult>;
  /** 3 POST /ce */
  ce(ce: string, options?: CallOptions): Promise<ForeignPerson>;
  /** 4 POST /cee */
  cee(cee: string, options?: CallOptions): Promise<ForeignPerson>;
  /** 5 POST /ci */
  ci(ci: string, options?: CallOptions): Promise<ForeignPerson>;
  /** 6 POST /ruc */
  ruc(ruc: string, options?: CallOptions): Promise<Taxpayer>;
  /** 7 POST /ruc/domicilio-fiscal */
  fiscalAddress(ruc: string, options?: CallOptions): Promise<FiscalAddress>;
  /** 8 POST /ruc/establecimientos */
  establishments(ruc: string, options?: CallOptions): Promise<Establishment[]>;
  /** 9 POST /ruc/trabajadores */
  workers(ruc: string, options?: CallOptions): Promise<WorkersPeriod[]>;
  /** 10 POST /ruc/deuda-coactiva */
  coerciveDebt(ruc: string, options?: CallOptions): Promise<CoerciveDebt[]>;
  /** 11 POST /ruc/razon_social */
  searchCompany(razonSocial: string, options?: CallOptions): Promise<CompanyHit[]>;
  /** 12 POST /licencia */
  licence(dni: string, options?: CallOptions): Promise<Licence>;
  /** 13 POST /placa */
  vehicle(placa: string, options?: CallOptions): Promise<Vehicle>;
  /** 14 POST /tipo_de_cambio, fecha as yyyy-mm-dd */
  exchangeRate(fecha: string, options?: CallOptions): Promise<ExchangeRate>;
  /** 15 POST /comisiones-afp, periodo as yyyy-MM */
  pensionRates(periodo: string, options?: CallOptions): Promise<PensionRate[]>;
  /** 16 POST /taxauth/xml; `doc.ruc` is the issuer (the body's `proveedor`), `credentials.ruc` the requester. */
  invoiceXml(
    credentials: TaxPortalCredentials,
    doc: DocumentRef,
    options?: CallOptions,
  ): Promise<InvoiceFile>;
  /** 17 POST /taxauth/pdf */
  invoicePdf(
    credentials: TaxPortalCredentials,
    doc: DocumentRef,
    options?: CallOptions,
  ): Promise<InvoiceFile>;
  /** 18 GET /taxauth/guia/xml/{ruc}-{type}-{series}-{number}: the Base64 text of the guide XML. */
  guideXml(ref: DocumentRef, options?: CallOptions): Promise<string>;
  /** 19 GET /taxauth/guia/json/{ruc}-{type}-{series}-{number} */
  guide(ref: DocumentRef, options?: CallOptions): Promise<Guide>;
  /** 20 GET {messaging_url}/group/all */
  groups(options?: CallOptions): Promise<Group[]>;
}
