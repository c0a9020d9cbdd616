import type { Outbox, OutboxItem } from './outbox.js';
import { type Row, toItem } from './outbox-rows.js';
import { SCRUBBED_PAYLOAD } from './outbox-scrub.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * The operators' statements on the `outbox` table, kept with the table's owner: the rows still
 * pending or failed, retry a failed one (a fresh copy is queued, so the worker wakes and the row
 * gets a new platform id) and cancel one (row deleted). A failed row past the privacy retention
 * window has had its content scrubbed (outbox-scrub.ts): it cannot be retried, only cancelled.
 */
export interface OpenOutboxRow {
  id: number;
  status: 'pending' | 'failed';
  item: OutboxItem;
  attempts: number;
  failures: number;
  lastError?: string;
  createdAt: Date;
  /** Its content was scrubbed after the retention window: no retry. */
  scrubbed: boolean;
  /** Held by a WhatsApp restriction or cap until then (ms), and why (transports/whatsapp/limits). */
  heldUntil?: number;
  heldReason?: string;
}

/** What a retry did: queued again, refused because the content is gone, or no such failed row. */
export type RetryResult = 'retried' | 'scrubbed' | 'missing';

export interface OutboxAdminRows {
  /** Pending and failed rows, failed first, oldest first; documents without their bytes. */
  open(limit: number): OpenOutboxRow[];
  retry(id: number): RetryResult;
  cancel(id: number): boolean;
}

export function createOutboxAdminRows(db: SqliteDatabase, outbox: Pick<Outbox, 'enqueue'>): OutboxAdminRows {
  const list = db.prepare<
    [number],
    Row & {
      status: 'pending' | 'failed';
      last_error: string | null;
      created_at: number;
      held_until: number | null;
      held_reason: string | null;
    }
  >(
    `SELECT id, chat_id, kind, payload, NULL AS document, attempts, failures, wa_id, status, last_error, created_at,
            held_until, held_reason
       FROM outbox WHERE status IN ('pending', 'failed') ORDER BY status DESC, id LIMIT ?`,
  );
  const failedRow = db.prepare<[number], Row>(
    "SELECT id, chat_id, kind, payload, document, attempts, failures, wa_id FROM outbox WHERE id = ? AND status = 'failed'",
  );
  const remove = db.prepare<[number]>("DELETE FROM outbox WHERE id = ? AND status IN ('pending', 'failed')");
  return {
    open: (limit) =>
      list.all(limit).map((row) => ({
        id: row.id,
        status: row.status,
        item: toItem(row),
        attempts: row.attempts,
        failures: row.failures,
        ...(row.last_error ? { lastError: row.last_error } : {}),
        createdAt: new Date(row.created_at),
        scrubbed: row.payload === SCRUBBED_PAYLOAD,
        ...(row.status === 'pending' && row.held_until !== null && row.held_until > Date.now()
          ? { heldUntil: row.held_until, heldReason: row.held_reason ?? '' }
          : {}),
      })),
    retry(id) {
      return db.transaction((): RetryResult => {
        const row = failedRow.get(id);
        if (!row) return 'missing';
        if (row.payload === SCRUBBED_PAYLOAD) return 'scrubbed';
        const item = toItem(row);
        remove.run(id);
        outbox.enqueue(item.chatId, item.message, item.extra);
        return 'retried';
      })();
    },
    cancel: (id) => remove.run(id).changes > 0,
  };
}
