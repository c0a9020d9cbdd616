import type { CallOptions, DniRucResult, DocumentRef, LookupApi, TaxPortalCredentials } from './api.js';
import type { OperationArgs, OperationName, OperationResult } from './operations.js';
import type * as S from './schemas/index.js';

/** Where a call's answer came from; set by the middleware that answered it. */
type AnswerSource = 'upstream' | 'cache' | 'shared';

/**
 * One call of one operation on its way down the chain. Middlewares pass it on as it is or as a
 * copy (`{ ...call, signal: undefined }`); `meta` is one object per call, shared by every copy.
 */
export interface LookupCall<N extends OperationName = OperationName> {
  readonly operation: N;
  readonly args: OperationArgs<N>;
  readonly signal?: AbortSignal | undefined;
  /** Whom the call is for (accounting, budgets); the HTTP client ignores it. */
  readonly chatId?: string | undefined;
  readonly meta: { source: AnswerSource; key?: string };
}

/** The one call path: the HTTP client at the bottom, middlewares wrapped around it. */
export type LookupHandler = (call: LookupCall) => Promise<unknown>;

/**
 * Runs around the rest of the chain (undici interceptors, grammY transformers): may answer
 * without calling `next` (cache), refuse by throwing (a budget), or observe the result (usage).
 */
export type LookupMiddleware = (call: LookupCall, next: LookupHandler) => Promise<unknown>;

/** `handler` wrapped by `middleware`, the first one outermost. */
export function composeLookup(
  handler: LookupHandler,
  middleware: readonly LookupMiddleware[],
): LookupHandler {
  return middleware.reduceRight<LookupHandler>((next, layer) => (call) => layer(call, next), handler);
}

/** The call path of any `LookupApi` (a fake, a test double): one method call per `LookupCall`. */
export function handlerOf(api: LookupApi): LookupHandler {
  return (call) => {
    const method = api[call.operation] as (...args: unknown[]) => Promise<unknown>;
    return call.signal
      ? method.call(api, ...call.args, { signal: call.signal })
      : method.apply(api, call.args);
  };
}

/** The typed API over a call path; every call carries `chatId` (when given) down the chain. */
export function createLookupApi(handler: LookupHandler, chatId?: string): LookupApi {
  return new LookupMethods(handler, chatId);
}

/** One short typed method per operation over `#call` (grammY's `Api` over `callApi`). */
class LookupMethods implements LookupApi {
  readonly #handler: LookupHandler;
  readonly #chatId: string | undefined;

  constructor(handler: LookupHandler, chatId: string | undefined) {
    this.#handler = handler;
    this.#chatId = chatId;
  }

  dni(dni: string, o?: CallOptions): Promise<S.Person> {
    return this.#call('dni', [dni], o);
  }
  dniRuc(dni: string, o?: CallOptions): Promise<DniRucResult> {
    return this.#call('dniRuc', [dni], o);
  }
  ce(ce: string, o?: CallOptions): Promise<S.ForeignPerson> {
    return this.#call('ce', [ce], o);
  }
  cee(cee: string, o?: CallOptions): Promise<S.ForeignPerson> {
    return this.#call('cee', [cee], o);
  }
  ci(ci: string, o?: CallOptions): Promise<S.ForeignPerson> {
    return this.#call('ci', [ci], o);
  }
  ruc(ruc: string, o?: CallOptions): Promise<S.Taxpayer> {
    return this.#call('ruc', [ruc], o);
  }
  fiscalAddress(ruc: string, o?: CallOptions): Promise<S.FiscalAddress> {
    return this.#call('fiscalAddress', [ruc], o);
  }
  establishments(ruc: string, o?: CallOptions): Promise<S.Establishment[]> {
    return this.#call('establishments', [ruc], o);
  }
  workers(ruc: string, o?: CallOptions): Promise<S.WorkersPeriod[]> {
    return this.#call('workers', [ruc], o);
  }
  coerciveDebt(ruc: string, o?: CallOptions): Promise<S.CoerciveDebt[]> {
    return this.#call('coerciveDebt', [ruc], o);
  }
  searchCompany(razonSocial: string, o?: CallOptions): Promise<S.CompanyHit[]> {
    return this.#call('searchCompany', [razonSocial], o);
  }
  licence(dni: string, o?: CallOptions): Promise<S.Licence> {
    return this.#call('licence', [dni], o);
  }
  vehicle(placa: string, o?: CallOptions): Promise<S.Vehicle> {
    return this.#call('vehicle', [placa], o);
  }
  exchangeRate(fecha: string, o?: CallOptions): Promise<S.ExchangeRate> {
    return this.#call('exchangeRate', [fecha], o);
  }
  pensionRates(periodo: string, o?: CallOptions): Promise<S.PensionRate[]> {
    return this.#call('pensionRates', [periodo], o);
  }
  invoiceXml(credentials: TaxPortalCredentials, doc: DocumentRef, o?: CallOptions): Promise<S.InvoiceFile> {
    return this.#call('invoiceXml', [credentials, doc], o);
  }
  invoicePdf(credentials: TaxPortalCredentials, doc: DocumentRef, o?: CallOptions): Promise<S.InvoiceFile> {
    return this.#call('invoicePdf', [credentials, doc], o);
  }
  guideXml(ref: DocumentRef, o?: CallOptions): Promise<string> {
    return this.#call('guideXml', [ref], o);
  }
  guide(ref: DocumentRef, o?: CallOptions): Promise<S.Guide> {
    return this.#call('guide', [ref], o);
  }
  groups(o?: CallOptions): Promise<S.Group[]> {
    return this.#call('groups', [], o);
  }

  #call<N extends OperationName>(
    operation: N,
    args: OperationArgs<N>,
    o: CallOptions | undefined,
  ): Promise<OperationResult<N>> {
    const call: LookupCall<N> = {
      operation,
      args,
      signal: o?.signal,
      chatId: this.#chatId,
      meta: { source: 'upstream' },
    };
    return this.#handler(call as LookupCall) as Promise<OperationResult<N>>;
  }
}
