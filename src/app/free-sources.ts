import type { FreeSources, UsagePort } from '../bot/ports.js';
import type { OfficialRatesPort } from '../official/port.js';
import { OfficialRatesResting } from '../official/rates.js';
import { officialExchangeRate } from '../official/sunat-rate.js';
import { editionAgeDays } from '../padron/age.js';
import type { PadronPort } from '../padron/port.js';

/**
 * The free official sources as features see them (`FREE_SOURCES`): the padrón reader, its
 * freshness against `padron.maxAgeDays` (read live from the config), the official rate, and the
 * usage-log rows that count what they answered instead of the paid API.
 */
export function createFreeSources(deps: {
  padron: PadronPort;
  rates?: OfficialRatesPort;
  usage: UsagePort;
  maxAgeDays: () => number;
  now: () => Date;
  /** Where an unreachable BCRP is told (the paid lookup answers instead). */
  logger?: { warn(obj: object, msg: string): void; debug(obj: object, msg: string): void };
}): FreeSources {
  const status = () => {
    const edition = deps.padron.edition();
    if (!edition) return undefined;
    const ageDays = editionAgeDays(edition.edition, deps.now());
    return { edition, ageDays, stale: ageDays > deps.maxAgeDays() };
  };
  const { rates } = deps;
  return {
    padron: deps.padron,
    ...(rates ? { rates } : {}),
    status,
    freshEdition() {
      const live = status();
      return live && !live.stale ? live.edition : undefined;
    },
    async officialRate(date, holidays) {
      if (!rates) return undefined;
      // While BCRP rests after a failure, no business day is worked out for an answer not coming.
      if (rates.resting?.() === true) {
        deps.logger?.debug({ source: 'bcrp' }, 'official exchange rate resting; paying');
        return undefined;
      }
      try {
        return await officialExchangeRate(rates, date, holidays);
      } catch (error) {
        // One warning per failed request; asks while BCRP rests after it are only debug.
        const level = error instanceof OfficialRatesResting ? 'debug' : 'warn';
        deps.logger?.[level]({ err: error, source: 'bcrp' }, 'official exchange rate unavailable; paying');
        return undefined;
      }
    },
    saved(chatId, operation, count = 1) {
      const at = deps.now();
      for (let i = 0; i < count; i++) {
        deps.usage.record({ at, chatId, operation, saved: true, free: true, outcome: 'ok' });
      }
    },
  };
}
