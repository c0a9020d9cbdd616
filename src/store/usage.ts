import type { UsageEvent, UsagePort, UsageRow } from '../bot/services.js';
import type { SqliteDatabase } from './sqlite.js';

/** Month totals for the `uso` command: overall, per operation and per chat. */
export interface UsageSummary {
  /** `yyyy-MM` of the Lima month summarised. */
  period: string;
  calls: number;
  saved: number;
  byOperation: { operation: string; calls: number; saved: number }[];
  byChat: { chatId: string; calls: number; saved: number }[];
}

/** The usage log (UsagePort) plus a month summary; identifiers are never stored, only chat + operation. */
export interface UsageRepo extends UsagePort {
  summary(now: Date): UsageSummary;
}

/** Backs the usage log with the `usage_log` table; statements prepared once. */
export function createUsageRepo(db: SqliteDatabase): UsageRepo {
  const insert = db.prepare(
    'INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, ?, ?, ?, ?)',
  );
  const month = db.prepare<
    [number, number],
    { operation: string; chatId: string; calls: number; saved: number }
  >(
    `SELECT operation, chat_id AS chatId, COUNT(*) AS calls, SUM(saved) AS saved
       FROM usage_log WHERE at >= ? AND at < ?
       GROUP BY operation, chat_id ORDER BY operation, chat_id`,
  );
  const repo: UsageRepo = {
    record(event: UsageEvent) {
      insert.run(event.at.getTime(), event.chatId, event.operation, event.saved ? 1 : 0, event.outcome);
    },
    month(now: Date): UsageRow[] {
      const range = limaMonthRange(now);
      return month.all(range.start, range.end);
    },
    summary(now: Date) {
      return { period: limaMonthRange(now).period, ...summarizeUsage(repo.month(now)) };
    },
  };
  return repo;
}

/** Totals of month rows (any UsagePort's), sorted by most calls first. */
export function summarizeUsage(rows: readonly UsageRow[]): Omit<UsageSummary, 'period'> {
  const byOperation = new Map<string, { operation: string; calls: number; saved: number }>();
  const byChat = new Map<string, { chatId: string; calls: number; saved: number }>();
  let calls = 0;
  let saved = 0;
  for (const row of rows) {
    calls += row.calls;
    saved += row.saved;
    const op = byOperation.get(row.operation) ?? { operation: row.operation, calls: 0, saved: 0 };
    op.calls += row.calls;
    op.saved += row.saved;
    byOperation.set(row.operation, op);
    const chat = byChat.get(row.chatId) ?? { chatId: row.chatId, calls: 0, saved: 0 };
    chat.calls += row.calls;
    chat.saved += row.saved;
    byChat.set(row.chatId, chat);
  }
  const order = <T extends { calls: number }>(a: T, b: T) => b.calls - a.calls;
  return {
    calls,
    saved,
    byOperation: [...byOperation.values()].sort(order),
    byChat: [...byChat.values()].sort(order),
  };
}

const limaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Lima',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function limaWallClock(at: number): { year: number; month: number; utcOfWall: number } {
  const p: Record<string, number> = {};
  for (const part of limaParts.formatToParts(at))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const year = p.year ?? 1970;
  const month = p.month ?? 1;
  const utcOfWall = Date.UTC(year, month - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return { year, month, utcOfWall };
}

/** Start (inclusive) and end (exclusive) epoch ms of the Lima calendar month containing `now`. */
export function limaMonthRange(now: Date): { start: number; end: number; period: string } {
  const { year, month } = limaWallClock(now.getTime());
  const startOf = (y: number, m: number) => {
    const wall = Date.UTC(y, m - 1, 1);
    const offset = limaWallClock(wall).utcOfWall - wall;
    const guess = wall - offset;
    return wall - (limaWallClock(guess).utcOfWall - guess);
  };
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  return {
    start: startOf(year, month),
    end: startOf(next[0] ?? year, next[1] ?? 1),
    period: `${year}-${String(month).padStart(2, '0')}`,
  };
}
