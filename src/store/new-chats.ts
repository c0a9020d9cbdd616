import { normalizeId } from '../transports/ids.js';
import { createCacheCrypto } from './keyed-crypto.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * The one-to-one chats the bot writes to (table `wa_new_chats`, migration 12), keyed by a keyed
 * hash of the chat id so no phone number is stored: when the first message went, whether the chat
 * is established (the person wrote to the bot, or a message of ours reached them), and whether
 * WhatsApp says the number exists. WhatsApp restricts accounts that open many new chats (field
 * reports: 30–40 a day) and answers a restricted account's first messages with 463, while chats
 * it already has keep working; this is what tells the two apart, and counts the day's first messages.
 */
export interface NewChatsRepo {
  /** Any of these ids (one person's phone and LID chats) is an established chat. */
  established(chatIds: readonly string[]): boolean;
  /** Marks every id as established (a message from them, a delivery to them). */
  markReached(chatIds: readonly string[], at: number): void;
  /** Whether a first message to any of these ids was already sent (it was counted then). */
  firstSent(chatIds: readonly string[]): boolean;
  /** Records the first message to `chatId` (counted once per chat). */
  recordFirstSend(chatId: string, at: number): void;
  /** First messages sent since `since` (ms): the day's count against the cap. */
  firstSentSince(since: number): number;
  /** What WhatsApp said of the number of `chatId`, when it was asked. */
  numberCheck(chatId: string): { hasWhatsApp: boolean; checkedAt: number } | undefined;
  recordNumberCheck(chatId: string, hasWhatsApp: boolean, at: number): void;
  /** Forgets chats never established whose last event is older than `before`. */
  prune(before: number): number;
}

interface Row {
  first_sent_at: number | null;
  reached_at: number | null;
  checked_at: number | null;
  has_whatsapp: number | null;
}

export function createNewChatsRepo(db: SqliteDatabase): NewChatsRepo {
  const crypto = createCacheCrypto(db);
  const keys = new Map<string, string>();
  const keyOf = (chatId: string): string => {
    const id = normalizeId(chatId);
    let key = keys.get(id);
    if (key === undefined) {
      key = crypto.hash(`chat:${id}`);
      if (keys.size >= 4_096) keys.clear();
      keys.set(id, key);
    }
    return key;
  };
  const select = db.prepare<[string], Row>(
    'SELECT first_sent_at, reached_at, checked_at, has_whatsapp FROM wa_new_chats WHERE chat_key = ?',
  );
  const reach = db.prepare<[string, number]>(
    `INSERT INTO wa_new_chats (chat_key, reached_at) VALUES (?, ?)
     ON CONFLICT (chat_key) DO UPDATE SET reached_at = COALESCE(reached_at, excluded.reached_at)`,
  );
  const first = db.prepare<[string, number]>(
    `INSERT INTO wa_new_chats (chat_key, first_sent_at) VALUES (?, ?)
     ON CONFLICT (chat_key) DO UPDATE SET first_sent_at = COALESCE(first_sent_at, excluded.first_sent_at)`,
  );
  const check = db.prepare<[string, number, number]>(
    `INSERT INTO wa_new_chats (chat_key, has_whatsapp, checked_at) VALUES (?, ?, ?)
     ON CONFLICT (chat_key) DO UPDATE SET has_whatsapp = excluded.has_whatsapp, checked_at = excluded.checked_at`,
  );
  const since = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM wa_new_chats WHERE first_sent_at >= ?',
  );
  const prune = db.prepare<[number]>(
    `DELETE FROM wa_new_chats WHERE reached_at IS NULL
       AND MAX(COALESCE(first_sent_at, 0), COALESCE(checked_at, 0)) < ?`,
  );
  const rows = (chatIds: readonly string[]) =>
    [...new Set(chatIds.map(keyOf))].flatMap((key) => select.get(key) ?? []);
  const reachAll = db.transaction((chatIds: readonly string[], at: number) => {
    for (const key of new Set(chatIds.map(keyOf))) reach.run(key, at);
  });
  return {
    established: (chatIds) => rows(chatIds).some((row) => row.reached_at !== null),
    markReached: (chatIds, at) => reachAll(chatIds, at),
    firstSent: (chatIds) => rows(chatIds).some((row) => row.first_sent_at !== null),
    recordFirstSend: (chatId, at) => void first.run(keyOf(chatId), at),
    firstSentSince: (from) => since.get(from)?.n ?? 0,
    numberCheck(chatId) {
      const row = select.get(keyOf(chatId));
      if (!row || row.checked_at === null || row.has_whatsapp === null) return undefined;
      return { hasWhatsApp: row.has_whatsapp === 1, checkedAt: row.checked_at };
    },
    recordNumberCheck: (chatId, hasWhatsApp, at) => void check.run(keyOf(chatId), hasWhatsApp ? 1 : 0, at),
    prune: (before) => prune.run(before).changes,
  };
}
