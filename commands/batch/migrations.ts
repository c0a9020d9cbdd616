import type { Migration } from '../../src/store/migrations.js';

/**
 * Pending confirmations: the batch's part of migration 9 (the watch list's tables are the other
 * part; the store applies a version's parts together, as the one migration it shipped as).
 */
export const batchMigrations: readonly Migration[] = [
  {
    version: 9,
    name: 'batch checks: pending confirmations',
    up(db) {
      db.exec(`
        -- batch/pending: a large lote waits for "si" from the same sender in the same chat
        CREATE TABLE batch_pending (
          chat_id    TEXT NOT NULL,
          sender_key TEXT NOT NULL,
          payload    TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          PRIMARY KEY (chat_id, sender_key)
        );
      `);
    },
  },
];
