import type { SqliteDatabase } from '../store/sqlite.js';

/**
 * Credits spent, read from the usage log (a credit = an answered lookup that went upstream:
 * not served by the cache or a shared call, not failed), and the owners' notices already sent.
 */
export interface BudgetStore {
  /** Credits spent in [fromMs, toMs), by every chat or by one usage-log chat key. */
  spent(fromMs: number, toMs: number, chatKey?: string): number;
  /** Records a notice; false when it was already sent for this scope, period and level. */
  noticeOnce(scope: string, period: string, level: 'warning' | 'cap', atMs: number): boolean;
}

export function createBudgetStore(db: SqliteDatabase): BudgetStore {
  const where = "at >= ? AND at < ? AND saved = 0 AND outcome <> 'failed'";
  const all = db.prepare<[number, number], { n: number }>(
    `SELECT COUNT(*) AS n FROM usage_log WHERE ${where}`,
  );
  const chat = db.prepare<[number, number, string], { n: number }>(
    `SELECT COUNT(*) AS n FROM usage_log WHERE ${where} AND chat_id = ?`,
  );
  const notice = db.prepare(
    'INSERT OR IGNORE INTO budget_notices (scope, period, level, at) VALUES (?, ?, ?, ?)',
  );
  return {
    spent(fromMs, toMs, chatKey) {
      return (chatKey === undefined ? all.get(fromMs, toMs) : chat.get(fromMs, toMs, chatKey))?.n ?? 0;
    },
    noticeOnce(scope, period, level, atMs) {
      return notice.run(scope, period, level, atMs).changes === 1;
    },
  };
}
