import { createCacheCrypto } from './keyed-crypto.js';
import type { SqliteDatabase } from './sqlite.js';
import { insertMany, writeBehind } from './write-behind.js';

/**
 * Table `message_edits` (migration 6), two facts per received message: the last parse the router
 * answered (so an edit is answered again only when its command or argument changed) and the
 * message secret that decrypts the message's secret-encrypted edits (WhatsApp never repeats it).
 * Nothing personal in clear: the chat id (a phone number for direct chats) and the parse (it may
 * hold a DNI) are keyed hashes; the sender ids are sealed with the database key.
 */
export interface EditStore {
  /**
   * Records `signature` as the last answered parse of the message; false when it already was
   * (an unchanged edit, or the same edit reported twice). Atomic.
   */
  claimSignature(chatId: string, messageId: string, signature: string): boolean;
  /**
   * Records the answered parse of a message seen for the first time, written behind (see
   * write-behind.ts: a crash loses a second of them, and then an unchanged edit is answered
   * again); `claimSignature` and `flush` write what is pending first.
   */
  noteSignature(chatId: string, messageId: string, signature: string): void;
  /** Writes the pending signatures now (before closing the database). */
  flush(): void;
  rememberSecret(chatId: string, messageId: string, secret: Uint8Array, senderIds: readonly string[]): void;
  secretOf(chatId: string, messageId: string): { secret: Uint8Array; senderIds: string[] } | undefined;
  /** Drops rows older than `before` (edits are allowed for 15 minutes; a day is plenty). */
  prune(before: number): number;
}

/** Chats whose keyed hash is kept (one HMAC per chat, not per message). */
const MAX_CHAT_KEYS = 1_024;
/** Parses whose keyed hash is kept (they may hold a DNI: few, short ones only). */
const MAX_SIGNATURE_KEYS = 256;
const MAX_REMEMBERED_SIGNATURE = 200;

export function createEditStore(
  db: SqliteDatabase,
  options: { now?: () => number; onError?: (error: unknown) => void } = {},
): EditStore {
  const now = options.now ?? Date.now;
  const crypto = createCacheCrypto(db);
  const chatKeys = new Map<string, string>();
  const chatKey = (chatId: string) => {
    let hashed = chatKeys.get(chatId);
    if (hashed === undefined) {
      hashed = crypto.hash(`edits:${chatId}`);
      if (chatKeys.size >= MAX_CHAT_KEYS) chatKeys.clear();
      chatKeys.set(chatId, hashed);
    }
    return hashed;
  };
  // The same parses come back (`tc`, a RUC asked again): each signature's HMAC is made once (bounded).
  const signatures = new Map<string, string>();
  const signatureKey = (signature: string) => {
    let hashed = signatures.get(signature);
    if (hashed === undefined) {
      hashed = crypto.hash(signature);
      if (signatures.size >= MAX_SIGNATURE_KEYS) signatures.clear();
      if (signature.length <= MAX_REMEMBERED_SIGNATURE) signatures.set(signature, hashed);
    }
    return hashed;
  };
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
  const claimMany = insertMany<[chatKey: string, messageId: string, signatureKey: string, at: number]>(
    db,
    'INSERT INTO message_edits (chat_id, message_id, signature, at)',
    4,
    `ON CONFLICT (chat_id, message_id) DO UPDATE SET signature = excluded.signature
     WHERE signature IS NOT excluded.signature`,
  );
  // Noted as read and hashed when written: the parse's HMAC leaves the reply path with the write.
  const notes = writeBehind<[chatId: string, messageId: string, signature: string, at: number]>(
    db,
    (rows) => {
      const before = writes;
      writes += rows.length;
      if (Math.floor(writes / 1000) > Math.floor(before / 1000)) prune.run(now() - 24 * 3600_000);
      claimMany(
        rows.map(([chatId, messageId, signature, at]) => [
          chatKey(chatId),
          messageId,
          signatureKey(signature),
          at,
        ]),
      );
    },
    options,
  );
  return {
    claimSignature(chatId, messageId, signature) {
      notes.flush();
      maybePrune();
      return claim.run(chatKey(chatId), messageId, signatureKey(signature), now()).changes === 1;
    },
    noteSignature(chatId, messageId, signature) {
      notes.add([chatId, messageId, signature, now()]);
    },
    flush: () => notes.flush(),
    rememberSecret(chatId, messageId, value, senderIds) {
      maybePrune();
      const sealed = crypto.seal(JSON.stringify(senderIds), `edits:${messageId}`);
      remember.run(chatKey(chatId), messageId, Buffer.from(value), sealed, now());
    },
    secretOf(chatId, messageId) {
      const row = secret.get(chatKey(chatId), messageId);
      if (!row?.secret || !row.sender) return undefined;
      const senderIds = JSON.parse(crypto.open(row.sender, `edits:${messageId}`)) as string[];
      return { secret: new Uint8Array(row.secret), senderIds };
    },
    prune: (before) => prune.run(before).changes,
  };
}
