import type { SqliteDatabase } from '../store/sqlite.js';

/**
 * Read-only queries over the store that health, metrics and the console share (outbox depth and
 * age, lookups from the usage log). Statements are prepared once per database.
 */
interface OutboxStats {
  pending: number;
  failed: number;
  sent: number;
  /** Creation time (ms) of the oldest pending row. */
  oldestPendingAt?: number;
}

interface LookupTotals {
  operation: string;
  /** Answered upstream: a credit spent. */
  spent: number;
  /** Answered from the cache or a shared call: a credit saved. */
  cached: number;
  failed: number;
}

export interface DbStats {
  outbox(): OutboxStats;
  /** Lookups by operation since `since` (epoch ms; 0 = all the log). */
  lookups(since?: number): LookupTotals[];
  /** True when a write transaction can be opened (not read-only, not locked for long). */
  writable(): boolean;
}

export function createDbStats(db: SqliteDatabase): DbStats {
  const byStatus = db.prepare<[], { status: string; n: number; oldest: number | null }>(
    'SELECT status, COUNT(*) AS n, MIN(created_at) AS oldest FROM outbox GROUP BY status',
  );
  const lookups = db.prepare<[number], LookupTotals>(
    `SELECT operation,
            SUM(outcome <> 'failed' AND saved = 0) AS spent,
            SUM(outcome <> 'failed' AND saved = 1) AS cached,
            SUM(outcome = 'failed') AS failed
       FROM usage_log WHERE at >= ? GROUP BY operation ORDER BY operation`,
  );
  return {
    outbox() {
      const stats: OutboxStats = { pending: 0, failed: 0, sent: 0 };
      for (const row of byStatus.all()) {
        if (row.status === 'pending' || row.status === 'failed' || row.status === 'sent')
          stats[row.status] = row.n;
        if (row.status === 'pending' && row.oldest !== null) stats.oldestPendingAt = row.oldest;
      }
      return stats;
    },
    lookups: (since = 0) => lookups.all(since),
    writable() {
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
        return true;
      } catch {
        return false;
      }
    },
  };
}
