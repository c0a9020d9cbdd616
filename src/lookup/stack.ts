import type { LookupApi } from './api.js';
import { type CacheLifetimes, cacheMiddleware, type LookupCacheStore } from './cache.js';
import { composeLookup, createLookupApi, type LookupHandler, type LookupMiddleware } from './call.js';
import { coalesceMiddleware } from './coalesce.js';
import { type LookupUsageEvent, usageMiddleware } from './usage.js';

/**
 * The lookup path commands and the scheduler use, as one chain around the client's call path:
 *
 *   usage → coalesce → cache → ...beforeUpstream → count → upstream
 *
 * Every caller is accounted (usage); identical calls in flight share one (coalesce); fresh answers
 * come from the store (cache); only calls that will really spend a credit reach `beforeUpstream`
 * (the place for a credit budget: a middleware there may refuse by throwing, or observe the answer).
 */
export interface LookupStackOptions {
  /** The client's one call path (`LookupClient.call`), or `handlerOf(fake)` in tests. */
  upstream: LookupHandler;
  /** Absent: nothing is cached (calls are still coalesced and accounted). */
  cache?: { store: LookupCacheStore; ttlSeconds: CacheLifetimes };
  /** Absent: nothing is accounted. */
  recordUsage?: (event: LookupUsageEvent) => void;
  /** Middlewares run, in order, only on calls about to go upstream. */
  beforeUpstream?: readonly LookupMiddleware[];
  now?: () => Date;
  logger?: { warn(obj: object, msg?: string): void };
}

interface LookupStats {
  /** Answered from the cache. */
  hits: number;
  /** Joined a call already in flight. */
  shared: number;
  /** Went upstream. */
  upstream: number;
  /** Unreadable cache rows dropped. */
  corrupt: number;
}

export interface LookupStack {
  /** The whole chain as one call path (more middlewares can wrap it). */
  readonly call: LookupHandler;
  /** The typed API whose calls are accounted to `chatId`. */
  forChat(chatId: string): LookupApi;
  stats(): LookupStats;
}

export function createLookupStack(options: LookupStackOptions): LookupStack {
  const now = options.now ?? (() => new Date());
  const warn = options.logger ? (obj: object, msg: string) => options.logger?.warn(obj, msg) : undefined;
  const stats: LookupStats = { hits: 0, shared: 0, upstream: 0, corrupt: 0 };
  const count: LookupMiddleware = (call, next) => {
    stats.upstream += 1;
    return next(call);
  };
  const chain: LookupMiddleware[] = [
    ...(options.recordUsage ? [usageMiddleware({ record: options.recordUsage, now, warn })] : []),
    coalesceMiddleware(stats),
    ...(options.cache ? [cacheMiddleware({ ...options.cache, now, counters: stats, warn })] : []),
    ...(options.beforeUpstream ?? []),
    count,
  ];
  const call = composeLookup(options.upstream, chain);
  return {
    call,
    forChat: (chatId) => createLookupApi(call, chatId),
    stats: () => ({ ...stats }),
  };
}
