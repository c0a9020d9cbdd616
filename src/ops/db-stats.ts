import { createNewChatsRepo } from '../store/new-chats.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { flushPending } from '../store/write-behind.js';

/**
 * Read-only queries over the store that health, metrics and the console share (outbox depth and
 * age, lookups from the usage log). Statements are prepared once per database.
 */
interface OutboxStats {
  /** Rows still to send, held ones included. */
  pending: number;
  failed: number;
  sent: number;
  /**
   * Of `pending`, rows held now because WhatsApp restricts new chats or a first-message cap is
   * reached (they wait on purpose: not a stuck outbox).
   */
  held: number;
  /**
   * Since when the oldest pending row that is not held has been waiting (ms): its creation, or
   * the end of its hold for a row that was held. A stuck outbox shows here, a hold does not.
   */
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
  /** First messages to new chats sent since `since` (epoch ms): the day's count against the cap. */
  firstMessagesSince(since: number): number;
}

export function createDbStats(db: SqliteDatabase, now: () => number = Date.now): DbStats {
  const byStatus = db.prepare<
    [number, number],
    { status: string; n: number; held: number; oldest: number | null }
  >(
    `SELECT status, COUNT(*) AS n, SUM(COALESCE(held_until, 0) > ?) AS held,
            MIN(CASE WHEN COALESCE(held_until, 0) > ? THEN NULL ELSE MAX(created_at, COALESCE(held_until, 0)) END) AS oldest
       FROM outbox GROUP BY status`,
  );
  const newChats = createNewChatsRepo(db);
  const lookups = db.prepare<[number], LookupTotals>(
    `SELECT operation,
            SUM(outcome <> 'failed' AND saved = 0) AS spent,
            SUM(outcome <> 'failed' AND saved = 1) AS cached,
            SUM(outcome = 'failed') AS failed
       FROM usage_log WHERE at >= ? GROUP BY operation ORDER BY operation`,
  );
  return {
    outbox() {
      const stats: OutboxStats = { pending: 0, failed: 0, sent: 0, held: 0 };
      const at = now();
      for (const row of byStatus.all(at, at)) {
        if (row.status === 'pending' || row.status === 'failed' || row.status === 'sent')
          stats[row.status] = row.n;
        if (row.status !== 'pending') continue;
        stats.held = row.held;
        if (row.oldest !== null) stats.oldestPendingAt = row.oldest;
      }
      return stats;
    },
    firstMessagesSince: (since) => newChats.firstSentSince(since),
    lookups(since = 0) {
      flushPending(db); // usage rows are written behind (store/usage.ts)
      return lookups.all(since);
    },
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
