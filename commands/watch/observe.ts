import type { Logger } from 'pino';
import type { FreeSources } from '../../src/bot/ports.js';
import type { WatchConfig } from '../../src/config/types.js';
import type { LookupApi } from '../../src/lookup/api.js';
import { LookupNotFoundError } from '../../src/lookup/errors.js';
import type { CoerciveDebt, Taxpayer } from '../../src/lookup/schemas/index.js';
import type { PadronTaxpayer } from '../../src/padron/port.js';
import { failureKind } from '../../src/lookup/errors.js';
import { addDays, weekdayOf } from '../../src/time/lima.js';
import { stateOf, type WatchState } from './state.js';

/**
 * One observation of a watched RUC, the daily check's and `vigilar`'s first snapshot: estado and
 * condición from the padrón mirror when it lists the RUC (free, `watch.padron`), the paid `ruc`
 * lookup only for what the mirror lacks (agent flags, by `watch.flagsCheck`) or for RUCs it does
 * not list, coercive debt when due (`watch.debtCheck`).
 */

/** Where a RUC is read: the mirror (fresh edition, `watch.padron` on), the API, the free-answer count. */
export interface WatchSources {
  lookup: LookupApi;
  /** The mirror's row, when it is used and lists the RUC. */
  register(ruc: string): PadronTaxpayer | undefined;
  /** One `ruc` lookup the mirror answered instead (usage log, shown by `uso`). */
  saved(): void;
  log: Logger;
}

/** The sources of the watch list over the app's free sources (the mirror only while its edition is fresh). */
export function watchSources(
  free: FreeSources | undefined,
  settings: () => WatchConfig,
  lookup: LookupApi,
  account: string,
  log: Logger,
): WatchSources {
  return {
    lookup,
    register: (ruc) => (settings().padron && free?.freshEdition() ? free.padron.lookupRuc(ruc) : undefined),
    saved: () => free?.saved(account, 'ruc'),
    log,
  };
}

const weekStart = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

/** Due on `date` by a daily/weekly/off rule, given the date it was last done. */
export function isDue(rule: 'daily' | 'weekly' | 'off', last: string | undefined, date: string): boolean {
  if (rule === 'off') return false;
  return rule === 'daily' || !last || weekStart(last) !== weekStart(date);
}

export interface Observed {
  state: WatchState;
  debtChecked: boolean;
}

/**
 * Observes one RUC. Throws what the paid `ruc` lookup throws when the mirror does not list the
 * RUC (nothing observed); with the mirror's row, a failed flags lookup keeps the previous flags
 * (due again next time). A failed debt lookup keeps the previous debt.
 */
export async function observe(
  ruc: string,
  options: {
    date: string;
    previous?: WatchState;
    debtDue: boolean;
    flagsCheck: WatchConfig['flagsCheck'];
    sources: WatchSources;
    /** Debt lookup failures other than not-found throw instead of keeping the previous debt. */
    strictDebt?: boolean;
  },
): Promise<Observed> {
  const { sources, previous, date } = options;
  const register = sources.register(ruc);
  let taxpayer: Taxpayer | undefined;
  if (!register) {
    taxpayer = await sources.lookup.ruc(ruc);
  } else if (isDue(options.flagsCheck, previous?.flagsDate, date)) {
    taxpayer = await sources.lookup.ruc(ruc).catch((error: unknown) => {
      sources.log.warn({ kind: failureKind(error) }, 'watch: flags lookup failed; estado from the padrón');
      return undefined;
    });
  } else {
    sources.saved();
  }
  let debts: CoerciveDebt[] | undefined;
  if (options.debtDue) {
    debts = await sources.lookup.coerciveDebt(ruc).catch((error: unknown) => {
      if (error instanceof LookupNotFoundError) return [];
      if (options.strictDebt) throw error;
      sources.log.warn({ kind: failureKind(error) }, 'watch: coercive debt check failed');
      return undefined;
    });
  }
  const seen = { ...(taxpayer ? { taxpayer } : {}), ...(register ? { register } : {}), date };
  return { state: stateOf(seen, debts, previous), debtChecked: debts !== undefined };
}
