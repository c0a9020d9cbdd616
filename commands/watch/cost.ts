import type { WatchConfig } from '../../src/config/types.js';

/** Monday–Friday in an average month (holidays ignored: an upper estimate). */
export const CHECK_DAYS_PER_MONTH = 22;
/** Weeks in an average month (52 / 12). */
export const WEEKS_PER_MONTH = 52 / 12;

/**
 * Credits a month for `rucs` distinct watched RUCs: one `ruc` lookup per check day, plus one
 * `coerciveDebt` lookup per check day (daily) or per week (weekly). 40 RUC weekly ≈ 40 × (22 +
 * 4.33) = 1,054; the `ruc` part alone is the 880 of the issue. Cache hits make it cheaper.
 */
export function monthlyWatchCost(rucs: number, debtCheck: WatchConfig['debtCheck']): number {
  const perRuc = CHECK_DAYS_PER_MONTH + (debtCheck === 'daily' ? CHECK_DAYS_PER_MONTH : WEEKS_PER_MONTH);
  return Math.ceil(rucs * perRuc);
}
