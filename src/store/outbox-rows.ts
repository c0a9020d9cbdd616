import type { OutgoingMessage } from '../transports/transport.js';
import type { OutboxItem } from './outbox.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * The `outbox` table (migrations 2 and 5) for the outbox worker in outbox.ts: its statements and
 * the mapping between a row and an OutboxItem (payload JSON, document BLOB).
 */

/** An outbox row as the worker reads it. */
export interface Row {
  id: number;
  chat_id: string;
  kind: 'text' | 'document';
  payload: string;
  document: Buffer | null;
  attempts: number;
  failures: number;
  wa_id: string;
}

/** What the `payload` column holds (JSON). */
export interface Payload {
  text?: string;
  mentions?: string[];
  quotedId?: string;
  fileName?: string;
  mimetype?: string;
  caption?: string;
  askedIn?: string;
  extra?: string;
}

/** The JSON `payload` column of a message (document bytes go to the BLOB column instead). */
export function toRowPayload(message: OutgoingMessage, extra: string | undefined): Payload {
  if (message.kind === 'text') {
    const { text, mentions, quotedId, askedIn } = message;
    return compact({ text, mentions, quotedId, askedIn, extra });
  }
  const { fileName, mimetype, caption, quotedId, askedIn } = message;
  return compact({ fileName, mimetype, caption, quotedId, askedIn, extra });
}

/** `T` once `compact` ran: a possibly-undefined property becomes optional and never undefined. */
type Compacted<T> = {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
} & { [K in keyof T as undefined extends T[K] ? never : K]: T[K] };

/** Drops undefined fields so a stored message compares equal to the one enqueued. */
function compact<T extends object>(value: T): Compacted<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Compacted<T>;
}

/** Row → the item handed to the sender. */
export function toItem(row: Row): OutboxItem {
  const p = JSON.parse(row.payload) as Payload;
  const message =
    row.kind === 'text'
      ? {
          kind: 'text' as const,
          text: p.text ?? '',
          mentions: p.mentions,
          quotedId: p.quotedId,
          askedIn: p.askedIn,
        }
      : {
          kind: 'document' as const,
          bytes: new Uint8Array(row.document ?? Buffer.alloc(0)),
          fileName: p.fileName ?? 'documento',
          mimetype: p.mimetype ?? 'application/octet-stream',
          caption: p.caption,
          quotedId: p.quotedId,
          askedIn: p.askedIn,
        };
  const item: OutboxItem = {
    id: row.id,
    chatId: row.chat_id,
    message: compact(message),
    waId: row.wa_id,
    attempts: row.attempts,
    failures: row.failures,
  };
  if (p.extra !== undefined) item.extra = p.extra;
  return item;
}

/**
 * The oldest pending row of each chat, oldest first. A skip scan over the partial index
 * `outbox_pending_chat (chat_id, id) WHERE status = 'pending'` (migration 11): one seek to the
 * next chat and one to its first row, so it costs O(chats · log n) however deep the backlog is (a
 * `GROUP BY chat_id` reads every pending row, and made each send slower as the backlog grew).
 * INDEXED BY because, without statistics, the planner prefers `outbox_pending (status, id)` and
 * reads every pending row again.
 */
const HEADS_SQL = `
  WITH RECURSIVE chats(chat_id) AS (
    SELECT MIN(chat_id) FROM outbox INDEXED BY outbox_pending_chat WHERE status = 'pending'
    UNION ALL
    SELECT (SELECT MIN(o.chat_id) FROM outbox o INDEXED BY outbox_pending_chat
             WHERE o.status = 'pending' AND o.chat_id > chats.chat_id)
      FROM chats WHERE chats.chat_id IS NOT NULL
  )
  SELECT chat_id,
         (SELECT MIN(o.id) FROM outbox o INDEXED BY outbox_pending_chat
           WHERE o.status = 'pending' AND o.chat_id = chats.chat_id) AS id
    FROM chats WHERE chat_id IS NOT NULL ORDER BY id`;

/** Every statement the outbox worker runs, prepared once. */
export function prepareOutboxStatements(db: SqliteDatabase) {
  return {
    insert: db.prepare<[string, string, string, Buffer | null, number, string]>(
      `INSERT INTO outbox (chat_id, kind, payload, document, status, created_at, wa_id)
       VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
    ),
    pending: db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'"),
    sentMessage: db.prepare<[string], { wa_message: string }>(
      "SELECT wa_message FROM outbox WHERE wa_id = ? AND status = 'sent' AND wa_message IS NOT NULL",
    ),
    prune: db.prepare<[number]>(
      "DELETE FROM outbox WHERE status IN ('sent', 'failed') AND COALESCE(sent_at, created_at) < ?",
    ),
    heads: db.prepare<[], { chat_id: string; id: number }>(HEADS_SQL),
    row: db.prepare<[number], Row>(
      'SELECT id, chat_id, kind, payload, document, attempts, failures, wa_id FROM outbox WHERE id = ?',
    ),
    handed: db.prepare<[number]>('UPDATE outbox SET attempts = attempts + 1 WHERE id = ?'),
    sent: db.prepare<[number, string | null, number]>(
      `UPDATE outbox SET status = 'sent', sent_at = ?, wa_message = ?, document = NULL, last_error = NULL,
         held_until = NULL, held_reason = NULL WHERE id = ?`,
    ),
    hold: db.prepare<[number, string, number]>(
      'UPDATE outbox SET held_until = ?, held_reason = ?, attempts = MAX(attempts - 1, 0) WHERE id = ?',
    ),
    refuse: db.prepare<[string, number]>(
      `UPDATE outbox SET status = 'failed', failures = failures + 1, last_error = ?,
         attempts = MAX(attempts - 1, 0), held_until = NULL, held_reason = NULL WHERE id = ?`,
    ),
    held: db.prepare<
      [number],
      {
        id: number;
        chat_id: string;
        wa_id: string;
        held_until: number;
        held_reason: string | null;
        asked_in: string | null;
      }
    >(
      `SELECT id, chat_id, wa_id, held_until, held_reason, json_extract(payload, '$.askedIn') AS asked_in
         FROM outbox WHERE status = 'pending' AND held_until > ? ORDER BY id`,
    ),
    // The hold ends now (not NULL): how long a released row then waits is measured from here.
    release: db.prepare<[number, number], { chat_id: string }>(
      `UPDATE outbox SET held_until = ? WHERE status = 'pending' AND held_until > ? RETURNING chat_id`,
    ),
    failure: db.prepare<[string, string, number]>(
      'UPDATE outbox SET failures = failures + 1, last_error = ?, status = ? WHERE id = ?',
    ),
  };
}

/** The prepared statements (typed) of `prepareOutboxStatements`. */
export type OutboxStatements = ReturnType<typeof prepareOutboxStatements>;
