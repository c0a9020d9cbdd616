import { operationLabel } from '../lookup/operations.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { FREE_SAVED } from '../store/usage.js';
import { flushPending } from '../store/write-behind.js';
import { addDays, limaDate, limaMonthRange } from '../time/lima.js';

/**
 * The Usage page's chart data from the usage log: lookups per Lima day over the last 30 days
 * stacked by operation (its Spanish label from the operations table, as `uso` shows it), per
 * chat, credits spent vs saved by the cache, and this month's cumulative credits against the
 * budget when one is set. The page names each chat (`label`, filled in by the server).
 */
export interface UsageView {
  days: string[];
  byOperation: { label: string; data: number[] }[];
  /** `chatId` is a group id, `direct:` (every direct chat) or a system account. */
  byGroup: { chatId: string; label?: string; calls: number; spent: number; saved: number }[];
  spent: number[];
  saved: number[];
  month: { period: string; days: string[]; cumulative: number[]; budget?: number };
  /** `free`: answered by a free official source instead of the paid API (padrón, BCRP). */
  totals: { calls: number; spent: number; saved: number; free: number; failed: number };
}

interface DayRow {
  at: number;
  operation: string;
  chat_id: string;
  saved: number;
  outcome: string;
}

export function buildUsageView(db: SqliteDatabase, now: Date, options: { budget?: number } = {}): UsageView {
  const today = limaDate(now);
  const days = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29));
  const month = limaMonthRange(now);
  const since = Math.min(month.start, now.getTime() - 31 * 86_400_000);
  flushPending(db); // usage rows are written behind (store/usage.ts)
  const rows = db
    .prepare<[number], DayRow>('SELECT at, operation, chat_id, saved, outcome FROM usage_log WHERE at >= ?')
    .all(since);
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  const ops = new Map<string, number[]>();
  const groups = new Map<string, { calls: number; spent: number; saved: number }>();
  const spent = days.map(() => 0);
  const saved = days.map(() => 0);
  const monthDays: string[] = [];
  for (let day = limaDate(new Date(month.start)); day <= today; day = addDays(day, 1)) monthDays.push(day);
  const monthSpent = monthDays.map(() => 0);
  const totals = { calls: 0, spent: 0, saved: 0, free: 0, failed: 0 };
  for (const row of rows) {
    const day = limaDate(new Date(row.at));
    const answered = row.outcome !== 'failed';
    if (row.at >= month.start) {
      const m = monthDays.indexOf(day);
      if (m >= 0 && answered && !row.saved) monthSpent[m] = (monthSpent[m] ?? 0) + 1;
    }
    const i = dayIndex.get(day);
    if (i === undefined) continue;
    const series = ops.get(row.operation) ?? days.map(() => 0);
    series[i] = (series[i] ?? 0) + 1;
    ops.set(row.operation, series);
    if (!answered) {
      totals.failed += 1;
      continue;
    }
    totals.calls += 1;
    const key = row.chat_id.startsWith('direct:') ? 'direct:' : row.chat_id;
    const group = groups.get(key) ?? { calls: 0, spent: 0, saved: 0 };
    group.calls += 1;
    if (row.saved === FREE_SAVED) {
      totals.free += 1;
    } else if (row.saved) {
      saved[i] = (saved[i] ?? 0) + 1;
      group.saved += 1;
      totals.saved += 1;
    } else {
      spent[i] = (spent[i] ?? 0) + 1;
      group.spent += 1;
      totals.spent += 1;
    }
    groups.set(key, group);
  }
  let running = 0;
  const cumulative = monthSpent.map((n) => (running += n));
  return {
    days,
    byOperation: [...ops]
      .map(([operation, data]) => ({ label: operationLabel(operation), data }))
      .sort((a, b) => sum(b.data) - sum(a.data)),
    byGroup: [...groups]
      .map(([chatId, g]) => ({ chatId, ...g }))
      .sort((a, b) => b.calls - a.calls)
      .slice(0, 12),
    spent,
    saved,
    month: {
      period: month.period,
      days: monthDays,
      cumulative,
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
    },
    totals,
  };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
