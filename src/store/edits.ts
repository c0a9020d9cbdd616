import type { SqliteDatabase } from './sqlite.js';

/**
 * Table `message_edits` (migration 6), two facts per received message: the last parse the router
 * answered (so an edit is answered again only when its command or argument changed) and the
 * message secret that decrypts the message's secret-encrypted edits (WhatsApp never repeats it).
 */
export interface EditStore {
  /**
   * Records `signature` as the last answered parse of the message; false when it already was
   * (an unchanged edit, or the same edit reported twice). Atomic.
   */
  claimSignature(chatId: string, messageId: string, signature: string): boolean;
  rememberSecret(chatId: string, messageId: string, secret: Uint8Array, senderIds: readonly string[]): void;
  secretOf(chatId: string, messageId: string): { secret: Uint8Array; senderIds: string[] } | undefined;
  /** Drops rows older than `before` (edits are allowed for 15 minutes; a day is plenty). */
  prune(before: number): number;
}

export function createEditStore(db: SqliteDatabase, options: { now?: () => number } = {}): EditStore {
  const now = options.now ?? Date.now;
  const claim = db.prepare<[string, string, string, number]>(
    `INSERT INTO message_edits (chat_id, message_id, signature, at) VALUES (?, ?, ?, ?)
     ON CONFLICT (chat_id, message_id) DO UPDATE SET signature = excluded.signature
     WHERE signature IS NOT excluded.signature`,
  );
  const remember = db.prepare<[string, string, Buffer, string, number]>(
    `INSERT INTO message_edits (chat_id, message_id, secret, sender, at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (chat_id, message_id) DO UPDATE SET secret = excluded.secret, sender = excluded.sender`,
  );
  const secret = db.prepare<[string, string], { secret: Buffer | null; sender: string | null }>(
    'SELECT secret, sender FROM message_edits WHERE chat_id = ? AND message_id = ?',
  );
  const prune = db.prepare<[number]>('DELETE FROM message_edits WHERE at < ?');
  let writes = 0;
  const maybePrune = () => {
    if (++writes % 1000 === 0) prune.run(now() - 24 * 3600_000);
  };
  return {
    claimSignature(chatId, messageId, signature) {
      maybePrune();
      return claim.run(chatId, messageId, signature, now()).changes === 1;
    },
    rememberSecret(chatId, messageId, value, senderIds) {
      maybePrune();
      remember.run(chatId, messageId, Buffer.from(value), JSON.stringify(senderIds), now());
    },
    secretOf(chatId, messageId) {
      const row = secret.get(chatId, messageId);
      if (!row?.secret) return undefined;
      return { secret: new Uint8Array(row.secret), senderIds: JSON.parse(row.sender ?? '[]') as string[] };
    },
    prune: (before) => prune.run(before).changes,
  };
}
