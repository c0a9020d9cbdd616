import { setTimeout as sleep } from 'node:timers/promises';
import type { LookupApi } from '../../src/lookup/api.js';
import {
  failureKind,
  LookupCreditsError,
  LookupError,
  LookupNotFoundError,
} from '../../src/lookup/errors.js';
import type { Taxpayer } from '../../src/lookup/schemas/index.js';
import type { PadronTaxpayer } from '../../src/padron/port.js';
import { toNumber } from '../../src/render/format.js';
import type { BatchItem } from './entries.js';
import type { BatchSources } from './sources.js';
import { BudgetExceededError } from '../../src/budget/errors.js';

/**
 * One checked number. `status`: ok; not-found (the API has no record); failed (after retries);
 * budget (not tried: the credit budget or the plan ran out); hidden (a DNI where personal data
 * may not be shown: not looked up).
 */
export interface BatchRow {
  item: BatchItem;
  status: 'ok' | 'not-found' | 'failed' | 'budget' | 'hidden';
  /** The paid API's record (every field, agent flags included). */
  taxpayer?: Taxpayer;
  /** The padrón mirror's row, when it answered instead (no agent flags). */
  register?: PadronTaxpayer;
  /** Sum of the coercive-debt entries (soles); undefined when it could not be read. */
  debtTotal?: number;
  debtCount?: number;
  /** Person's full name (DNI in a personal-data chat). */
  name?: string;
  /** Failure kind for the "observaciones" sheet (see reasons.ts). */
  problem?: string;
}

export interface BatchRunOptions {
  lookup: LookupApi;
  personalData: boolean;
  concurrency: number;
  retries: number;
  retryDelayMs: number;
  /** Injected by tests (fake timers); node's timers/promises by default. */
  wait?: (ms: number) => Promise<unknown>;
  /** The padrón mirror and what stays paid; absent: every RUC from the paid API, debt included. */
  sources?: Pick<BatchSources, 'register' | 'saved' | 'agentFlags' | 'debt'>;
}

/** The credit budget's refusal (src/budget: its lookup middleware throws before the API call). */
function isBudgetRefusal(error: unknown): boolean {
  return error instanceof BudgetExceededError;
}

/** Worth trying again a little later: rate limits, timeouts, network errors, 5xx, bad answers. */
function isTransient(error: unknown): boolean {
  return (
    error instanceof LookupError &&
    ['rate_limited', 'network', 'timeout', 'http', 'schema'].includes(error.kind)
  );
}

/** Spending stops for the whole batch: our budget, or the plan's credits upstream. */
function stopsBatch(error: unknown): boolean {
  return isBudgetRefusal(error) || error instanceof LookupCreditsError;
}

class StopBatch extends Error {}

/**
 * Checks every number with at most `concurrency` lookups in flight, retrying transient failures.
 * Never throws for one number: failures become rows. When the budget refuses a lookup, the rest
 * are recorded as `budget` without being tried.
 */
export async function runBatch(items: readonly BatchItem[], options: BatchRunOptions): Promise<BatchRow[]> {
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const rows: (BatchRow | undefined)[] = new Array(items.length);
  let next = 0;
  let stopped = false;

  async function attempt<T>(call: () => Promise<T>): Promise<T> {
    for (let tried = 0; ; tried++) {
      if (stopped) throw new StopBatch();
      try {
        return await call();
      } catch (error) {
        if (stopsBatch(error)) {
          stopped = true;
          throw new StopBatch();
        }
        if (!isTransient(error) || tried >= options.retries) throw error;
        await wait(options.retryDelayMs * (tried + 1));
      }
    }
  }

  async function check(item: BatchItem): Promise<BatchRow> {
    if (item.kind === 'dni') {
      if (!options.personalData) return { item, status: 'hidden' };
      const person = await attempt(() => options.lookup.dni(item.number));
      return { item, status: 'ok', name: person.nombre_completo };
    }
    const row = await taxpayerRow(item);
    if (options.sources?.debt === false) return row;
    try {
      const debts = await attempt(() => options.lookup.coerciveDebt(item.number));
      row.debtCount = debts.length;
      row.debtTotal = debts.reduce((sum, debt) => sum + (toNumber(debt.monto) ?? 0), 0);
    } catch (error) {
      if (error instanceof StopBatch) return { ...row, problem: 'budget-debt' };
      // No entries at all may come back as not found: no debt.
      if (error instanceof LookupNotFoundError) {
        row.debtCount = 0;
        row.debtTotal = 0;
      } else {
        row.problem = `debt-${failureKind(error)}`;
      }
    }
    return row;
  }

  /**
   * The RUC's record: the mirror's row when it lists the RUC (free), unless agent flags are wanted;
   * then the paid lookup, and the mirror's row (flags missing) when that lookup cannot be had.
   */
  async function taxpayerRow(item: BatchItem): Promise<BatchRow> {
    const sources = options.sources;
    const register = sources?.register(item.number);
    if (register && !sources?.agentFlags) {
      sources?.saved();
      return { item, status: 'ok', register };
    }
    try {
      return { item, status: 'ok', taxpayer: await attempt(() => options.lookup.ruc(item.number)) };
    } catch (error) {
      if (!register) throw error;
      const kind = error instanceof StopBatch ? 'budget' : failureKind(error);
      return { item, status: 'ok', register, problem: `flags-${kind}` };
    }
  }

  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as BatchItem;
      try {
        rows[index] = await check(item);
      } catch (error) {
        if (error instanceof StopBatch) rows[index] = { item, status: 'budget' };
        else if (error instanceof LookupNotFoundError) rows[index] = { item, status: 'not-found' };
        else rows[index] = { item, status: 'failed', problem: failureKind(error) };
      }
    }
  }

  const workers = Math.max(1, Math.min(options.concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  return rows.map((row, index) => row ?? { item: items[index] as BatchItem, status: 'budget' });
}

/** Counts for the chat summary ("112 activos y habidos, 5 NO HABIDO, 3 con deuda coactiva"). */
export interface BatchSummary {
  rucs: number;
  dnis: number;
  activeAndFound: number;
  notActive: number;
  notFoundCondition: number;
  withDebt: number;
  notFound: number;
  failed: number;
  budget: number;
  hidden: number;
  /** RUCs answered by the padrón mirror (no `ruc` credit). */
  fromRegister: number;
}

/** Estado and condición as either source gives them (the mirror may have none: `-` in the file). */
interface Standing {
  estado: string | null;
  condicion: string | null;
}

/** "Habido" is the only good condition; NO HABIDO / NO HALLADO / PENDIENTE all need a look. */
const isHabido = (taxpayer: Standing) => taxpayer.condicion?.trim().toUpperCase() === 'HABIDO';
const isActive = (taxpayer: Standing) => taxpayer.estado?.trim().toUpperCase() === 'ACTIVO';

export function summarizeBatch(rows: readonly BatchRow[]): BatchSummary {
  const summary: BatchSummary = {
    rucs: 0,
    dnis: 0,
    activeAndFound: 0,
    notActive: 0,
    notFoundCondition: 0,
    withDebt: 0,
    notFound: 0,
    failed: 0,
    budget: 0,
    hidden: 0,
    fromRegister: 0,
  };
  for (const row of rows) {
    if (row.item.kind === 'ruc') summary.rucs += 1;
    else summary.dnis += 1;
    if (row.status === 'not-found') summary.notFound += 1;
    if (row.status === 'failed') summary.failed += 1;
    if (row.status === 'budget') summary.budget += 1;
    if (row.status === 'hidden') summary.hidden += 1;
    if (row.register && !row.taxpayer) summary.fromRegister += 1;
    const taxpayer = row.taxpayer ?? row.register;
    if (!taxpayer) continue;
    if (isActive(taxpayer) && isHabido(taxpayer)) summary.activeAndFound += 1;
    if (!isActive(taxpayer)) summary.notActive += 1;
    if (!isHabido(taxpayer)) summary.notFoundCondition += 1;
    if ((row.debtTotal ?? 0) > 0) summary.withDebt += 1;
  }
  return summary;
}
