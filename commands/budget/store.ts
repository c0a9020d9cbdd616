import type { SqliteDatabase } from '../../src/store/sqlite.js';
import { creditsSpent } from '../../src/store/usage.js';

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
  const notice = db.prepare(
    'INSERT OR IGNORE INTO budget_notices (scope, period, level, at) VALUES (?, ?, ?, ?)',
  );
  return {
    spent: creditsSpent(db),
    noticeOnce(scope, period, level, atMs) {
      return notice.run(scope, period, level, atMs).changes === 1;
    },
  };
}
