import type { CallOptions, DniRucResult, DocumentRef, LookupApi, TaxPortalCredentials } from './api.js';
import { type HttpRequest, HttpTransport } from './http.js';
import { guidePath, invoiceBody, OPERATIONS, path } from './operations.js';
import {
  type HostConfig,
  type LookupClientOptions,
  LookupConfigError,
  type ResolvedLookupOptions,
  resolveLookupOptions,
} from './options.js';
import type * as S from './schemas/index.js';
import { type OperationSpec, unwrap } from './unwrap.js';

/** The lookup API over HTTP; `close()` releases the keep-alive pools. */
export interface LookupClient extends LookupApi {
  close(): Promise<void>;
}

/** Builds the typed client for all 20 operations; throws `LookupConfigError` on bad configuration. */
export function createLookupClient(options?: LookupClientOptions): LookupClient {
  return new HttpLookupClient(resolveLookupOptions(options));
}

const REDACTED = '[redacted]';

class HttpLookupClient implements LookupClient {
  readonly #options: ResolvedLookupOptions;
  readonly #http: HttpTransport;
  readonly #secrets: string[];

  constructor(options: ResolvedLookupOptions) {
    this.#options = options;
    this.#http = new HttpTransport(options);
    this.#secrets = [options.main.token, options.messaging?.token ?? options.main.token];
  }

  dni(dni: string, o?: CallOptions): Promise<S.Person> {
    return this.#post(OPERATIONS.dni, '/dni', { dni }, o);
  }
  dniRuc(dni: string, o?: CallOptions): Promise<DniRucResult> {
    return this.#post(OPERATIONS.dniRuc, '/dni-ruc', { dni }, o);
  }
  ce(ce: string, o?: CallOptions): Promise<S.ForeignPerson> {
    return this.#post(OPERATIONS.ce, '/ce', { ce }, o);
  }
  cee(cee: string, o?: CallOptions): Promise<S.ForeignPerson> {
    return this.#post(OPERATIONS.cee, '/cee', { cee }, o);
  }
  ci(ci: string, o?: CallOptions): Promise<S.ForeignPerson> {
    return this.#post(OPERATIONS.ci, '/ci', { ci }, o);
  }
  ruc(ruc: string, o?: CallOptions): Promise<S.Taxpayer> {
    return this.#post(OPERATIONS.ruc, '/ruc', { ruc }, o);
  }
  fiscalAddress(ruc: string, o?: CallOptions): Promise<S.FiscalAddress> {
    return this.#post(OPERATIONS.fiscalAddress, '/ruc/domicilio-fiscal', { ruc }, o);
  }
  establishments(ruc: string, o?: CallOptions): Promise<S.Establishment[]> {
    return this.#post(OPERATIONS.establishments, '/ruc/establecimientos', { ruc }, o);
  }
  workers(ruc: string, o?: CallOptions): Promise<S.WorkersPeriod[]> {
    return this.#post(OPERATIONS.workers, '/ruc/trabajadores', { ruc }, o);
  }
  coerciveDebt(ruc: string, o?: CallOptions): Promise<S.CoerciveDebt[]> {
    return this.#post(OPERATIONS.coerciveDebt, '/ruc/deuda-coactiva', { ruc }, o);
  }
  searchCompany(razonSocial: string, o?: CallOptions): Promise<S.CompanyHit[]> {
    return this.#post(OPERATIONS.searchCompany, '/ruc/razon_social', { razon_social: razonSocial }, o);
  }
  licence(dni: string, o?: CallOptions): Promise<S.Licence> {
    return this.#post(OPERATIONS.licence, '/licencia', { dni }, o);
  }
  vehicle(placa: string, o?: CallOptions): Promise<S.Vehicle> {
    return this.#post(OPERATIONS.vehicle, '/placa', { placa }, o);
  }
  exchangeRate(fecha: string, o?: CallOptions): Promise<S.ExchangeRate> {
    return this.#post(OPERATIONS.exchangeRate, '/tipo_de_cambio', { fecha }, o);
  }
  pensionRates(periodo: string, o?: CallOptions): Promise<S.PensionRate[]> {
    return this.#post(OPERATIONS.pensionRates, '/comisiones-afp', { periodo }, o);
  }
  invoiceXml(credentials: TaxPortalCredentials, doc: DocumentRef, o?: CallOptions): Promise<S.InvoiceFile> {
    const request = { method: 'POST', path: '/taxauth/xml', body: invoiceBody(credentials, doc) } as const;
    return this.#call(OPERATIONS.invoiceXml, this.#options.main, request, o, credentials);
  }
  invoicePdf(credentials: TaxPortalCredentials, doc: DocumentRef, o?: CallOptions): Promise<S.InvoiceFile> {
    const request = { method: 'POST', path: '/taxauth/pdf', body: invoiceBody(credentials, doc) } as const;
    return this.#call(OPERATIONS.invoicePdf, this.#options.main, request, o, credentials);
  }
  guideXml(ref: DocumentRef, o?: CallOptions): Promise<string> {
    return this.#get(OPERATIONS.guideXml, this.#options.main, guidePath('xml', ref), o);
  }
  guide(ref: DocumentRef, o?: CallOptions): Promise<S.Guide> {
    return this.#get(OPERATIONS.guide, this.#options.main, guidePath('json', ref), o);
  }
  async groups(o?: CallOptions): Promise<S.Group[]> {
    const host = this.#options.messaging;
    if (!host) {
      throw new LookupConfigError('MESSAGING_BASE_URL', 'not set; groups() needs the messaging host address');
    }
    return this.#get(OPERATIONS.groups, host, path`/group/all`, o);
  }

  close(): Promise<void> {
    return this.#http.close();
  }

  #post<D, R>(spec: OperationSpec<D, R>, p: string, body: object, o?: CallOptions): Promise<R> {
    return this.#call(spec, this.#options.main, { method: 'POST', path: p, body: JSON.stringify(body) }, o);
  }

  #get<D, R>(spec: OperationSpec<D, R>, host: HostConfig, p: string, o?: CallOptions): Promise<R> {
    return this.#call(spec, host, { method: 'GET', path: p }, o);
  }

  async #call<D, R>(
    spec: OperationSpec<D, R>,
    host: HostConfig,
    request: HttpRequest,
    o?: CallOptions,
    credentials?: TaxPortalCredentials,
  ): Promise<R> {
    const response = await this.#http.send(spec.name, host, request, o?.signal);
    const secrets = credentials ? [...this.#secrets, credentials.password, credentials.user] : this.#secrets;
    return unwrap(spec, response, (text) => scrub(text, secrets));
  }
}

/**
 * Upstream text may echo what we sent: token, tax-portal password and user never leave in an
 * error. Matched case-insensitively (an upstream may echo the user in another case).
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    if (out.toLowerCase().includes(secret.toLowerCase())) {
      out = out.replace(new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), REDACTED);
    }
  }
  return out;
}
