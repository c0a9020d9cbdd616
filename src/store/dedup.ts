import { createActorKey, scrubActors } from './actor.js';
import type { SqliteDatabase } from './sqlite.js';
import { isGroupChat } from '../transports/ids.js';

/**
 * Receive-side dedupe with crash recovery. WhatsApp may upsert the same message several times
 * (re-deliveries, reconnects, offline `append` batches), so a message is claimed once, persisted:
 * every repeat is refused, also across restarts. A claim starts 'pending' (holding the raw
 * message) and becomes 'done' once the handler returned (its replies are in the outbox by then),
 * so a message whose handling a crash cut short can be re-handled on the next start.
 */
export interface DedupStore {
  /**
   * True the first time (chat, participant, id) is seen; false for every repeat. Atomic. The
   * claim is 'pending' with `raw` (the serialised message) until `done`.
   */
  claim(chatId: string, participant: string, messageId: string, raw?: string): boolean;
  /** Handled (replies queued): the claim is 'done' and its raw message is dropped. */
  done(chatId: string, participant: string, messageId: string): void;
  /** Claims still 'pending' (their handling never finished), oldest first. */
  pending(): PendingMessage[];
  /**
   * Records the one re-handling a pending claim gets; false when it already had it (the replay
   * itself crashed or failed: giving up beats a crash loop) or is no longer pending.
   */
  startReplay(chatId: string, participant: string, messageId: string): boolean;
  seen(chatId: string, participant: string, messageId: string): boolean;
  /** Deletes claims (pending or done) older than the retention; returns how many rows went. */
  prune(): number;
  count(): number;
}

/** A claim whose handling never finished. */
export interface PendingMessage {
  chatId: string;
  participant: string;
  messageId: string;
  /** The serialised platform message, if one was stored with the claim. */
  raw: string | undefined;
  /** Claim time, ms since the epoch. */
  at: number;
  /** Re-handlings already started (0 or 1). */
  replays: number;
}

export interface DedupOptions {
  now?: () => number;
  /** How long a claim is kept (default 7 days); must exceed the maximum accepted message age. */
  retentionMs?: number;
  /** Prune automatically after this many claims (default 1000). */
  pruneEvery?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Key = [string, string, string];

interface PendingRow {
  chat_id: string;
  participant: string;
  message_id: string;
  raw: string | null;
  at: number;
  replays: number;
}

/** Dedupe over table `processed_messages` (migrations 2 and 5). */
export function createDedupStore(db: SqliteDatabase, options: DedupOptions = {}): DedupStore {
  const now = options.now ?? Date.now;
  // Senders and direct chats are stored as keyed pseudonyms (equality is all dedupe needs).
  const actor = createActorKey(db);
  const hide = (id: string) => (isGroupChat(id) || id === '' ? id : actor(id));
  scrubActors(db, 'processed_messages', 'participant', hide);
  scrubActors(db, 'processed_messages', 'chat_id', hide);
  const retentionMs = options.retentionMs ?? 7 * DAY_MS;
  const pruneEvery = options.pruneEvery ?? 1000;
  const where = 'chat_id = ? AND participant = ? AND message_id = ?';
  const insert = db.prepare<[...Key, number, string | null]>(
    `INSERT OR IGNORE INTO processed_messages (chat_id, participant, message_id, at, status, raw)
     VALUES (?, ?, ?, ?, 'pending', ?)`,
  );
  const markDone = db.prepare<Key>(
    `UPDATE processed_messages SET status = 'done', raw = NULL WHERE ${where}`,
  );
  const replay = db.prepare<Key>(
    `UPDATE processed_messages SET replays = replays + 1
     WHERE ${where} AND status = 'pending' AND replays = 0`,
  );
  const pendingRows = db.prepare<[], PendingRow>(
    `SELECT chat_id, participant, message_id, raw, at, replays FROM processed_messages
     WHERE status = 'pending' ORDER BY at`,
  );
  const select = db.prepare<Key, { at: number }>(`SELECT at FROM processed_messages WHERE ${where}`);
  const remove = db.prepare<[number]>('DELETE FROM processed_messages WHERE at < ?');
  const countRows = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM processed_messages');
  let claimsSincePrune = 0;

  const prune = (): number => {
    claimsSincePrune = 0;
    return remove.run(now() - retentionMs).changes;
  };

  return {
    claim(chatId, participant, messageId, raw) {
      const fresh = insert.run(hide(chatId), hide(participant), messageId, now(), raw ?? null).changes === 1;
      if (fresh && ++claimsSincePrune >= pruneEvery) prune();
      return fresh;
    },
    done(chatId, participant, messageId) {
      markDone.run(hide(chatId), hide(participant), messageId);
    },
    pending: () =>
      pendingRows.all().map((row) => ({
        chatId: row.chat_id,
        participant: row.participant,
        messageId: row.message_id,
        raw: row.raw ?? undefined,
        at: row.at,
        replays: row.replays,
      })),
    startReplay: (chatId, participant, messageId) =>
      replay.run(hide(chatId), hide(participant), messageId).changes === 1,
    seen: (chatId, participant, messageId) =>
      select.get(hide(chatId), hide(participant), messageId) !== undefined,
    prune,
    count: () => countRows.get()?.n ?? 0,
  };
}
