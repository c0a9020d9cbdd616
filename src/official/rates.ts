import type { Dispatcher } from 'undici';
import { BCRP_ORIGIN, fetchSbsRates, type SbsRate } from './bcrp-rates.js';
import type { OfficialRatesPort } from './port.js';

/** Thrown without a request while BCRP is resting after a failure (`retryAfterMs`). */
export class OfficialRatesResting extends Error {
  constructor(cause: unknown) {
    super('BCRP failed a moment ago; not asked again yet', { cause });
    this.name = 'OfficialRatesResting';
  }
}

interface Kept {
  at: number;
  ttl: number;
  rates: Promise<SbsRate[]>;
}

/**
 * BCRP's SBS rates with a short memory: the same range asked again within `ttlMs` (default 30
 * minutes) is answered without a request, and concurrent asks share one request. An answer that
 * lacks the range's last day (not published yet) is kept only `missTtlMs` (default 5 minutes), so a
 * close published meanwhile is seen soon. A failed request is not remembered, but for
 * `retryAfterMs` (default 1 minute) asks fail at once (`OfficialRatesResting`) instead of each
 * waiting out a timeout: callers then pay the lookup API, as they would anyway. No request is made
 * until someone asks.
 */
export function createOfficialRates(
  options: {
    origin?: string;
    timeoutMs?: number;
    ttlMs?: number;
    missTtlMs?: number;
    retryAfterMs?: number;
    dispatcher?: Dispatcher;
    now?: () => number;
  } = {},
): OfficialRatesPort {
  const ttlMs = options.ttlMs ?? 30 * 60_000;
  const missTtlMs = options.missTtlMs ?? 5 * 60_000;
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  const now = options.now ?? Date.now;
  const memory = new Map<string, Kept>();
  /** The last failure, and the one rejection every ask shares while BCRP rests after it. */
  let failure: { at: number; error: unknown; resting?: Promise<never> } | undefined;
  const resting = () => failure !== undefined && now() - failure.at < retryAfterMs;
  return {
    resting,
    sbsRates(from, to) {
      const key = `${from}/${to}`;
      const kept = memory.get(key);
      if (kept && now() - kept.at < kept.ttl) return kept.rates;
      if (failure && resting()) {
        // Made once per failure: an error (and its stack) per ask cost more than the ask.
        if (!failure.resting) {
          failure.resting = Promise.reject(new OfficialRatesResting(failure.error));
          failure.resting.catch(() => {}); // handled by each caller; never an unhandled rejection
        }
        return failure.resting;
      }
      const entry: Kept = {
        at: now(),
        ttl: ttlMs,
        rates: fetchSbsRates(from, to, {
          origin: options.origin ?? BCRP_ORIGIN,
          timeoutMs: options.timeoutMs ?? 5_000,
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        }),
      };
      memory.set(key, entry);
      if (memory.size > 64) memory.delete(memory.keys().next().value as string);
      entry.rates.then(
        (rates) => {
          failure = undefined;
          if (!rates.some((rate) => rate.date === to)) entry.ttl = missTtlMs;
        },
        (error: unknown) => {
          failure = { at: now(), error };
          if (memory.get(key) === entry) memory.delete(key);
        },
      );
      return entry.rates;
    },
  };
}
