import type { SqliteDatabase } from './sqlite.js';

/**
 * Receive-side dedupe: WhatsApp may upsert the same message several times (re-deliveries,
 * reconnects, offline `append` batches). A message is claimed once, persisted, so it is
 * answered exactly once, also across restarts.
 */
export interface DedupStore {
  /** True the first time (chat, participant, id) is seen; false for every repeat. Atomic. */
  claim(chatId: string, participant: string, messageId: string): boolean;
  seen(chatId: string, participant: string, messageId: string): boolean;
  /** Deletes claims older than the retention; returns how many rows went. */
  prune(): number;
  count(): number;
}

export interface DedupOptions {
  now?: () => number;
  /** How long a claim is kept (default 7 days); must exceed the maximum accepted message age. */
  retentionMs?: number;
  /** Prune automatically after this many claims (default 1000). */
  pruneEvery?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dedupe over table `processed_messages` (migration 2). */
export function createDedupStore(db: SqliteDatabase, options: DedupOptions = {}): DedupStore {
  const now = options.now ?? Date.now;
  const retentionMs = options.retentionMs ?? 7 * DAY_MS;
  const pruneEvery = options.pruneEvery ?? 1000;
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT OR IGNORE INTO processed_messages (chat_id, participant, message_id, at) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare<[string, string, string], { at: number }>(
    'SELECT at FROM processed_messages WHERE chat_id = ? AND participant = ? AND message_id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM processed_messages WHERE at < ?');
  const countRows = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM processed_messages');
  let claimsSincePrune = 0;

  const prune = (): number => {
    claimsSincePrune = 0;
    return remove.run(now() - retentionMs).changes;
  };

  return {
    claim(chatId, participant, messageId) {
      const fresh = insert.run(chatId, participant, messageId, now()).changes === 1;
      if (fresh && ++claimsSincePrune >= pruneEvery) prune();
      return fresh;
    },
    seen: (chatId, participant, messageId) => select.get(chatId, participant, messageId) !== undefined,
    prune,
    count: () => countRows.get()?.n ?? 0,
  };
}
