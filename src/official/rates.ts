import type { Dispatcher } from 'undici';
import { BCRP_ORIGIN, fetchSbsRates, type SbsRate } from './bcrp-rates.js';
import type { OfficialRatesPort } from './port.js';

/**
 * BCRP's SBS rates with a short memory: the same range asked again within `ttlMs` (default 30
 * minutes) is answered without a request, and concurrent asks share one request. A failed request
 * is not remembered. No request is made until someone asks.
 */
export function createOfficialRates(
  options: {
    origin?: string;
    timeoutMs?: number;
    ttlMs?: number;
    dispatcher?: Dispatcher;
    now?: () => number;
  } = {},
): OfficialRatesPort {
  const ttlMs = options.ttlMs ?? 30 * 60_000;
  const now = options.now ?? Date.now;
  const memory = new Map<string, { at: number; rates: Promise<SbsRate[]> }>();
  return {
    sbsRates(from, to) {
      const key = `${from}/${to}`;
      const kept = memory.get(key);
      if (kept && now() - kept.at < ttlMs) return kept.rates;
      const rates = fetchSbsRates(from, to, {
        origin: options.origin ?? BCRP_ORIGIN,
        timeoutMs: options.timeoutMs ?? 5_000,
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      });
      memory.set(key, { at: now(), rates });
      if (memory.size > 64) memory.delete(memory.keys().next().value as string);
      rates.catch(() => {
        if (memory.get(key)?.rates === rates) memory.delete(key);
      });
      return rates;
    },
  };
}
