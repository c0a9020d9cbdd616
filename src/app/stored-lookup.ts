import type { Logger } from 'pino';
import type { UsagePort } from '../bot/ports.js';
import { type CacheTtlSeconds, DEFAULT_CACHE_TTL_SECONDS } from '../config.js';
import {
  createLookupStack,
  handlerOf,
  type LookupApi,
  type LookupHandler,
  type LookupMiddleware,
  type LookupStack,
} from '../lookup/index.js';
import { createLookupCacheRepo } from '../store/cache.js';
import { createCacheCrypto } from '../store/keyed-crypto.js';
import type { SqliteDatabase } from '../store/sqlite.js';

export interface StoredLookupDeps {
  db: SqliteDatabase;
  /** Seconds per operation plus `pastRates` and `notFound`; missing keys take the defaults. */
  ttlSeconds?: Partial<CacheTtlSeconds>;
  usage: UsagePort;
  /** Run only on calls about to go upstream (see `LookupStackOptions.beforeUpstream`). */
  beforeUpstream?: readonly LookupMiddleware[];
  now?: () => Date;
  logger?: Logger;
}

/**
 * The lookup path commands and the scheduler use: the client's call path (or any `LookupApi`)
 * wrapped with the sealed SQLite cache, coalescing and the usage log (lookup/stack.ts).
 */
export function createStoredLookup(upstream: LookupHandler | LookupApi, deps: StoredLookupDeps): LookupStack {
  const now = deps.now ?? (() => new Date());
  const store = createLookupCacheRepo(deps.db, { crypto: createCacheCrypto(deps.db), now });
  const ttlSeconds = { ...DEFAULT_CACHE_TTL_SECONDS, ...definedOnly(deps.ttlSeconds ?? {}) };
  return createLookupStack({
    upstream: typeof upstream === 'function' ? upstream : handlerOf(upstream),
    cache: { store, ttlSeconds },
    recordUsage: (event) => deps.usage.record(event),
    ...(deps.beforeUpstream ? { beforeUpstream: deps.beforeUpstream } : {}),
    now,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
