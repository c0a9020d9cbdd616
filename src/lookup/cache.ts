import type { LookupCall, LookupMiddleware } from './call.js';
import { LookupNotFoundError } from './errors.js';
import { OPERATIONS, type OperationName } from './operations.js';
import type { ExchangeRate } from './schemas/index.js';
import { limaDate } from '../time/lima.js';

/**
 * Cache lifetimes in seconds: one per operation plus `pastRates` (exchange rate of a past date,
 * pension rates of a past period: they never change) and `notFound` (upper bound for a cached
 * not-found answer). 0 disables caching for that key.
 */
export type CacheLifetimes = Record<OperationName, number> & { pastRates: number; notFound: number };

/** A cached answer: a value, or a not-found with the upstream's message, as plain JSON text. */
interface CachedAnswer {
  kind: 'ok' | 'not_found';
  text: string;
  storedAt: number;
}

/**
 * Where answers are kept (the port; `src/store/cache.ts` implements it over SQLite). `key` turns
 * a call's text (`callText`) into the opaque key rows are filed under, so inputs need not be stored.
 */
export interface LookupCacheStore {
  key(callText: string): string;
  /** undefined when absent, expired or unreadable. */
  get(operation: OperationName, key: string, nowMs: number): CachedAnswer | undefined;
  put(
    operation: OperationName,
    key: string,
    kind: CachedAnswer['kind'],
    text: string,
    nowMs: number,
    ttlMs: number,
  ): void;
  delete(operation: OperationName, key: string): void;
}

/** What the cache middleware counts (read by tests and benchmarks through the stack's `stats`). */
interface CacheCounters {
  hits: number;
  corrupt: number;
}

export interface CacheMiddlewareOptions {
  store: LookupCacheStore;
  ttlSeconds: CacheLifetimes;
  now: () => Date;
  counters: CacheCounters;
  warn?: ((obj: object, msg: string) => void) | undefined;
}

/** How one call is cached: the upper bound for its input, a value's and a not-found's lifetime. */
interface Policy {
  maxTtl: number;
  valueTtl(value: unknown): number;
  notFoundTtl: number;
}

/**
 * A call as one text, `["ruc","20123456786"]`: its operation and inputs (object arguments by sorted
 * key). Made once per call and kept on its `meta` (coalescing and the cache both key on it).
 */
export function callText(call: LookupCall): string {
  const meta = call.meta;
  if (meta.key !== undefined) return meta.key;
  const args = call.args as readonly unknown[];
  const only = args.length === 1 ? args[0] : undefined;
  // An operation's name is a plain identifier: `["ruc",…]` written around the one input directly.
  meta.key =
    typeof only === 'string'
      ? `["${call.operation}",${JSON.stringify(only)}]`
      : JSON.stringify([call.operation, ...keyParts(args)]);
  return meta.key;
}

/** A call that is never cached. */
const NEVER: Policy = { maxTtl: 0, valueTtl: () => 0, notFoundTtl: 0 };

/** The inputs of a call as flat strings (object arguments by sorted key). */
function keyParts(args: readonly unknown[]): string[] {
  return args.flatMap((arg) =>
    typeof arg === 'object' && arg !== null
      ? Object.keys(arg)
          .sort()
          .map((key) => String((arg as Record<string, unknown>)[key]))
      : [String(arg)],
  );
}

/**
 * Answers from the store while fresh and stores what comes back: values for their operation's
 * lifetime, not-found answers briefly, failures never, and never-cached operations not at all.
 */
export function cacheMiddleware(options: CacheMiddlewareOptions): LookupMiddleware {
  const { store, ttlSeconds: ttl, now, counters, warn } = options;

  function policy(call: LookupCall): Policy {
    const { operation } = call;
    if (OPERATIONS[operation].neverCached) return NEVER;
    // Dated answers (a rate, a pension period) with both lifetimes off: no need to date the call.
    if (operation === 'exchangeRate' || operation === 'pensionRates')
      if (ttl[operation] <= 0 && ttl.pastRates <= 0) return NEVER;
    if (operation === 'exchangeRate') return ratePolicy(String(call.args[0]));
    if (operation === 'pensionRates') {
      const base = String(call.args[0]) < limaDate(now()).slice(0, 7) ? ttl.pastRates : ttl.pensionRates;
      return { maxTtl: base, valueTtl: () => base, notFoundTtl: ttl.notFound };
    }
    return { maxTtl: ttl[operation], valueTtl: () => ttl[operation], notFoundTtl: ttl.notFound };
  }

  /** Exchange rate: a past date never changes; today's rate falling back to an earlier day may. */
  function ratePolicy(fecha: string): Policy {
    const past = fecha < limaDate(now());
    const base = past ? ttl.pastRates : ttl.exchangeRate;
    return {
      maxTtl: base,
      valueTtl: (rate) =>
        past || (rate as ExchangeRate).fecha_taxauth === fecha ? base : Math.min(base, ttl.notFound),
      notFoundTtl: ttl.notFound,
    };
  }

  function read(operation: OperationName, key: string, maxTtl: number) {
    const nowMs = now().getTime();
    const entry = store.get(operation, key, nowMs);
    if (!entry || entry.storedAt + maxTtl * 1000 <= nowMs) return undefined;
    try {
      const parsed: unknown = JSON.parse(entry.text);
      if (entry.kind === 'ok') return { value: parsed };
      return { notFound: String((parsed as { message: unknown }).message) };
    } catch {
      counters.corrupt += 1;
      store.delete(operation, key);
      warn?.({ operation }, 'dropped an unreadable cache row');
      return undefined;
    }
  }

  function write(
    operation: OperationName,
    key: string,
    kind: CachedAnswer['kind'],
    text: string,
    seconds: number,
  ) {
    try {
      store.put(operation, key, kind, text, now().getTime(), seconds * 1000);
    } catch (error) {
      warn?.({ err: error, operation }, 'cache write failed');
    }
  }

  return async (call, next) => {
    const { operation } = call;
    const rule = policy(call);
    if (rule.maxTtl <= 0) return next(call);
    const key = store.key(callText(call));
    const hit = read(operation, key, rule.maxTtl);
    if (hit) {
      counters.hits += 1;
      call.meta.source = 'cache';
      if ('value' in hit) return hit.value;
      throw new LookupNotFoundError(operation, hit.notFound);
    }
    try {
      const value = await next(call);
      const seconds = Math.min(rule.valueTtl(value), rule.maxTtl);
      if (seconds > 0) write(operation, key, 'ok', JSON.stringify(value), seconds);
      return value;
    } catch (error) {
      const seconds = Math.min(rule.notFoundTtl, rule.maxTtl);
      if (error instanceof LookupNotFoundError && seconds > 0) {
        write(operation, key, 'not_found', JSON.stringify({ message: error.upstreamMessage }), seconds);
      }
      throw error;
    }
  };
}
