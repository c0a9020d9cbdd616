import type { BatchConfig } from '../../src/config/types.js';
import { createCacheCrypto, createPseudonymizer } from '../../src/store/keyed-crypto.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import type { BatchPort, PendingBatch } from './port.js';

/**
 * Pending confirmations in SQLite (table `batch_pending`, migration 9), so a restart between the
 * question and the "sí" loses nothing. The numbers are sealed and the sender pseudonymised: the
 * file never shows which RUCs or DNIs someone asked about. Settings are read on each use (live config).
 */
export function createBatchPort(db: SqliteDatabase, settings: () => BatchConfig): BatchPort {
  const crypto = createCacheCrypto(db);
  const pseudonym = createPseudonymizer(db);
  const upsert = db.prepare(
    `INSERT INTO batch_pending (chat_id, sender_key, payload, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (chat_id, sender_key) DO UPDATE SET payload = excluded.payload, expires_at = excluded.expires_at`,
  );
  const select = db.prepare<[string, string], { payload: string; expires_at: number }>(
    'SELECT payload, expires_at FROM batch_pending WHERE chat_id = ? AND sender_key = ?',
  );
  const remove = db.prepare('DELETE FROM batch_pending WHERE chat_id = ? AND sender_key = ?');
  const purge = db.prepare('DELETE FROM batch_pending WHERE expires_at <= ?');
  const context = (chatId: string, sender: string) => `batch:${chatId}:${sender}`;

  return {
    get settings() {
      return settings();
    },
    hold(chatId, senderKey, batch, now) {
      purge.run(now.getTime());
      const sender = pseudonym(senderKey);
      const expiresAt = new Date(now.getTime() + settings().confirmMinutes * 60_000);
      const payload = crypto.seal(JSON.stringify(batch), context(chatId, sender));
      upsert.run(chatId, sender, payload, expiresAt.getTime());
      return expiresAt;
    },
    take(chatId, senderKey, now) {
      const sender = pseudonym(senderKey);
      const row = select.get(chatId, sender);
      if (!row) return undefined;
      remove.run(chatId, sender);
      if (row.expires_at <= now.getTime()) return undefined;
      try {
        return JSON.parse(crypto.open(row.payload, context(chatId, sender))) as PendingBatch;
      } catch {
        return undefined;
      }
    },
  };
}
