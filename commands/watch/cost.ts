import type { WatchConfig } from '../../src/config/types.js';

/** Monday–Friday in an average month (holidays ignored: an upper estimate). */
const CHECK_DAYS_PER_MONTH = 22;
/** Weeks in an average month (52 / 12). */
const WEEKS_PER_MONTH = 52 / 12;

const PER_MONTH: Record<'daily' | 'weekly' | 'off', number> = {
  daily: CHECK_DAYS_PER_MONTH,
  weekly: WEEKS_PER_MONTH,
  off: 0,
};

/**
 * Credits a month for `rucs` distinct watched RUCs, `fromRegister` of them listed by the padrón
 * mirror: a RUC the mirror lists costs its flags lookup (`flagsCheck`: daily, weekly or never;
 * estado and condición are free), any other one `ruc` lookup per check day; each also its
 * `coerciveDebt` lookup per check day (daily) or per week (weekly). 40 RUC weekly without the
 * mirror ≈ 40 × (22 + 4.33) = 1,054 (the `ruc` part alone is the 880); with it, weekly
 * flags ≈ 40 × (4.33 + 4.33) = 347. Cache hits make it cheaper.
 */
export function monthlyWatchCost(
  rucs: number,
  debtCheck: WatchConfig['debtCheck'],
  fromRegister = 0,
  flagsCheck: WatchConfig['flagsCheck'] = 'daily',
): number {
  const inRegister = Math.min(fromRegister, rucs);
  const debt = PER_MONTH[debtCheck];
  return Math.ceil(
    (rucs - inRegister) * (CHECK_DAYS_PER_MONTH + debt) + inRegister * (PER_MONTH[flagsCheck] + debt),
  );
}
