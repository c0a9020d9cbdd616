import type { Logger } from 'pino';
import type { UsageEvent, UsagePort } from '../bot/services.js';
import type { UpstreamBudget } from '../budget/budget.js';
import { BudgetExceededError } from '../budget/errors.js';
import { type CacheTtlSeconds, DEFAULT_CACHE_TTL_SECONDS } from '../config/cache-ttl.js';
import { createLookupCacheRepo, type LookupCacheRepo } from '../store/cache.js';
import { createCacheCrypto } from '../store/hash.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { CallOptions, LookupApi } from './api.js';
import { createCoalescer } from './coalesce.js';
import { LookupNotFoundError, type OperationName } from './errors.js';
import type { ExchangeRate, PensionRate } from './schemas/index.js';

/**
 * The lookup API as commands use it: answers from the SQLite cache when fresh, identical calls in
 * flight shared, and every call accounted to its chat in the usage log. Failures are never cached;
 * not-found answers only briefly; invoice files never.
 */
export interface CachedLookupDeps {
  db: SqliteDatabase;
  /** Seconds per operation plus `pastRates` and `notFound`; missing keys take the defaults. */
  ttlSeconds: Partial<CacheTtlSeconds>;
  usage: UsagePort;
  now?: () => Date;
  logger?: Logger;
  /** Credit caps (issue 10): consulted right before a call goes upstream, told right after. */
  budget?: UpstreamBudget;
}

export interface CachedLookupStats {
  /** Answered from the cache. */
  hits: number;
  /** Joined a call already in flight. */
  shared: number;
  /** Went upstream. */
  upstream: number;
  /** Unreadable cache rows dropped. */
  corrupt: number;
}

export interface CachedLookup {
  /** The API accounted to `chatId` (usage log). */
  forChat(chatId: string): LookupApi;
  stats(): CachedLookupStats;
  readonly cache: LookupCacheRepo;
}

/** How one call is cached: its key parts and how long a value / a not-found lives (seconds). */
interface Policy<T> {
  operation: OperationName;
  key: readonly string[];
  /** Upper bound for this input; 0 = neither read nor write the cache (still coalesced). */
  maxTtl: number;
  valueTtl(value: T): number;
  notFoundTtl: number;
}

export function createCachedLookup(inner: LookupApi, deps: CachedLookupDeps): CachedLookup {
  const ttl: CacheTtlSeconds = { ...DEFAULT_CACHE_TTL_SECONDS, ...definedOnly(deps.ttlSeconds) };
  const now = deps.now ?? (() => new Date());
  const crypto = createCacheCrypto(deps.db);
  const cache = createLookupCacheRepo(deps.db, { crypto, now });
  const coalescer = createCoalescer();
  const stats: CachedLookupStats = { hits: 0, shared: 0, upstream: 0, corrupt: 0 };

  function record(chatId: string, operation: OperationName, saved: boolean, outcome: UsageEvent['outcome']) {
    try {
      deps.usage.record({ at: now(), chatId, operation, saved, outcome });
    } catch (error) {
      deps.logger?.warn({ err: error, operation }, 'usage record failed');
    }
  }

  function readCache<T>(policy: Policy<T>, keyHash: string): { value: T } | { notFound: string } | undefined {
    const nowMs = now().getTime();
    const entry = cache.get(policy.operation, keyHash, nowMs);
    if (!entry || entry.storedAt + policy.maxTtl * 1000 <= nowMs) return undefined;
    try {
      const parsed: unknown = JSON.parse(entry.text);
      if (entry.kind === 'ok') return { value: parsed as T };
      return { notFound: String((parsed as { message: unknown }).message) };
    } catch {
      stats.corrupt += 1;
      cache.delete(policy.operation, keyHash);
      deps.logger?.warn({ operation: policy.operation }, 'dropped an unreadable cache row');
      return undefined;
    }
  }

  async function fetchAndStore<T>(
    chatId: string,
    policy: Policy<T>,
    keyHash: string,
    call: () => Promise<T>,
  ): Promise<T> {
    // The one place a call goes upstream: a reached cap throws BudgetExceededError here, unspent.
    await deps.budget?.beforeUpstream(chatId, policy.operation);
    stats.upstream += 1;
    let answered = false;
    try {
      const value = await call();
      answered = true;
      const seconds = policy.maxTtl > 0 ? Math.min(policy.valueTtl(value), policy.maxTtl) : 0;
      if (seconds > 0) store(policy.operation, keyHash, 'ok', JSON.stringify(value), seconds);
      return value;
    } catch (error) {
      const seconds = Math.min(policy.notFoundTtl, policy.maxTtl);
      if (error instanceof LookupNotFoundError && seconds > 0) {
        store(
          policy.operation,
          keyHash,
          'not_found',
          JSON.stringify({ message: error.upstreamMessage }),
          seconds,
        );
      }
      answered = error instanceof LookupNotFoundError;
      throw error;
    } finally {
      deps.budget?.afterUpstream(chatId, policy.operation, answered);
    }
  }

  function store(
    operation: OperationName,
    keyHash: string,
    kind: 'ok' | 'not_found',
    text: string,
    seconds: number,
  ) {
    try {
      cache.put(operation, keyHash, kind, text, now().getTime(), seconds * 1000);
    } catch (error) {
      deps.logger?.warn({ err: error, operation }, 'cache write failed');
    }
  }

  async function run<T>(chatId: string, policy: Policy<T>, call: () => Promise<T>, options?: CallOptions) {
    const keyHash = crypto.hash(JSON.stringify([policy.operation, ...policy.key]));
    if (policy.maxTtl > 0) {
      const hit = readCache(policy, keyHash);
      if (hit) {
        stats.hits += 1;
        if ('value' in hit) {
          record(chatId, policy.operation, true, 'ok');
          return hit.value;
        }
        record(chatId, policy.operation, true, 'not_found');
        throw new LookupNotFoundError(policy.operation, hit.notFound);
      }
    }
    const { promise, shared } = coalescer.run(`${policy.operation}:${keyHash}`, () =>
      fetchAndStore(chatId, policy, keyHash, call),
    );
    if (shared) stats.shared += 1;
    try {
      const value = await abortable(promise, options?.signal);
      record(chatId, policy.operation, shared, 'ok');
      return value;
    } catch (error) {
      if (error instanceof BudgetExceededError) throw error; // refused locally: nothing was called
      record(chatId, policy.operation, shared, error instanceof LookupNotFoundError ? 'not_found' : 'failed');
      throw error;
    }
  }

  const simple = <T>(operation: OperationName, key: readonly string[]): Policy<T> => ({
    operation,
    key,
    maxTtl: ttl[operation],
    valueTtl: () => ttl[operation],
    notFoundTtl: ttl.notFound,
  });

  /** Exchange rate: a past date never changes; today's rate falling back to an earlier day may. */
  const ratePolicy = (fecha: string): Policy<ExchangeRate> => {
    const past = fecha < limaToday(now());
    const base = past ? ttl.pastRates : ttl.exchangeRate;
    return {
      operation: 'exchangeRate',
      key: [fecha],
      maxTtl: base,
      valueTtl: (rate) => (past || rate.fecha_taxauth === fecha ? base : Math.min(base, ttl.notFound)),
      notFoundTtl: ttl.notFound,
    };
  };

  const pensionPolicy = (periodo: string): Policy<PensionRate[]> => {
    const base = periodo < limaToday(now()).slice(0, 7) ? ttl.pastRates : ttl.pensionRates;
    return {
      operation: 'pensionRates',
      key: [periodo],
      maxTtl: base,
      valueTtl: () => base,
      notFoundTtl: ttl.notFound,
    };
  };

  /** Invoices: coalesced (the key includes the credentials, in memory only), never stored. */
  const uncached = <T>(operation: OperationName, key: readonly string[]): Policy<T> => ({
    operation,
    key,
    maxTtl: 0,
    valueTtl: () => 0,
    notFoundTtl: 0,
  });

  function forChat(chatId: string): LookupApi {
    const ref = (doc: { ruc: string; type: string; series: string; number: string }) => [
      doc.ruc,
      doc.type,
      doc.series,
      doc.number,
    ];
    return {
      dni: (dni, o) => run(chatId, simple('dni', [dni]), () => inner.dni(dni), o),
      dniRuc: (dni, o) => run(chatId, simple('dniRuc', [dni]), () => inner.dniRuc(dni), o),
      ce: (ce, o) => run(chatId, simple('ce', [ce]), () => inner.ce(ce), o),
      cee: (cee, o) => run(chatId, simple('cee', [cee]), () => inner.cee(cee), o),
      ci: (ci, o) => run(chatId, simple('ci', [ci]), () => inner.ci(ci), o),
      ruc: (ruc, o) => run(chatId, simple('ruc', [ruc]), () => inner.ruc(ruc), o),
      fiscalAddress: (ruc, o) =>
        run(chatId, simple('fiscalAddress', [ruc]), () => inner.fiscalAddress(ruc), o),
      establishments: (ruc, o) =>
        run(chatId, simple('establishments', [ruc]), () => inner.establishments(ruc), o),
      workers: (ruc, o) => run(chatId, simple('workers', [ruc]), () => inner.workers(ruc), o),
      coerciveDebt: (ruc, o) => run(chatId, simple('coerciveDebt', [ruc]), () => inner.coerciveDebt(ruc), o),
      searchCompany: (name, o) =>
        run(chatId, simple('searchCompany', [name]), () => inner.searchCompany(name), o),
      licence: (dni, o) => run(chatId, simple('licence', [dni]), () => inner.licence(dni), o),
      vehicle: (placa, o) => run(chatId, simple('vehicle', [placa]), () => inner.vehicle(placa), o),
      exchangeRate: (fecha, o) => run(chatId, ratePolicy(fecha), () => inner.exchangeRate(fecha), o),
      pensionRates: (periodo, o) => run(chatId, pensionPolicy(periodo), () => inner.pensionRates(periodo), o),
      invoiceXml: (cred, doc, o) =>
        run(
          chatId,
          uncached('invoiceXml', [cred.ruc, cred.user, cred.password, ...ref(doc)]),
          () => inner.invoiceXml(cred, doc),
          o,
        ),
      invoicePdf: (cred, doc, o) =>
        run(
          chatId,
          uncached('invoicePdf', [cred.ruc, cred.user, cred.password, ...ref(doc)]),
          () => inner.invoicePdf(cred, doc),
          o,
        ),
      guideXml: (doc, o) => run(chatId, simple('guideXml', ref(doc)), () => inner.guideXml(doc), o),
      guide: (doc, o) => run(chatId, simple('guide', ref(doc)), () => inner.guide(doc), o),
      groups: (o) => run(chatId, simple('groups', []), () => inner.groups(), o),
    };
  }

  return { forChat, stats: () => ({ ...stats }), cache };
}

/** Lets one caller stop waiting without cancelling the call others share. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const limaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Lima',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `yyyy-mm-dd` of the Lima calendar day containing `now`, whatever the server's timezone. */
function limaToday(now: Date): string {
  const parts: Record<string, string> = {};
  for (const part of limaDate.formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
