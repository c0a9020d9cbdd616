import type { CacheLifetimes } from '../lookup/cache.js';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../lookup/operations.js';

/**
 * Cache lifetimes in seconds, one per lookup operation plus two policy keys: `pastRates` (exchange
 * rate of a past date, pension rates of a past period: they never change) and `notFound` (upper
 * bound for caching a not-found answer). The per-operation value of exchangeRate/pensionRates
 * applies to today's date / the current period. 0 disables caching for that key.
 */
export type CacheTtlSeconds = CacheLifetimes;

/** Every operation name at run time (from the operation table, lookup/operations.ts). */
export { OPERATION_NAMES };

const flagged = (flag: 'personalData' | 'neverCached'): readonly OperationName[] =>
  OPERATION_NAMES.filter((name) => OPERATIONS[name][flag] === true);

/** Operations returning personal data (Ley 29733): cached briefly at most. */
export const PERSONAL_DATA_OPERATIONS = flagged('personalData');
/** Longest cache a personal-data operation may be configured with. */
export const MAX_PERSONAL_DATA_TTL_SECONDS = 600;
/** Invoice files are fetched with the company's tax-portal credentials: never cached. */
export const NEVER_CACHED_OPERATIONS = flagged('neverCached');

const DAY = 24 * 3600;

/** Defaults: each operation's from the table, 30 days for past rates, 5 min for not-found answers. */
export const DEFAULT_CACHE_TTL_SECONDS: Readonly<CacheTtlSeconds> = Object.freeze({
  ...(Object.fromEntries(OPERATION_NAMES.map((name) => [name, OPERATIONS[name].ttlSeconds])) as Record<
    OperationName,
    number
  >),
  pastRates: 30 * DAY,
  notFound: 300,
});
