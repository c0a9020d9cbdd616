import type { Outbox } from '../store/outbox.js';
import { type Row, toItem } from '../store/outbox-rows.js';
import { SCRUBBED_PAYLOAD } from '../store/outbox-scrub.js';
import type { SqliteDatabase } from '../store/sqlite.js';

/**
 * The console's view of the outbox: pending and failed rows, retry a failed one (a fresh copy is
 * queued, so the worker wakes and the row gets a new platform id) and cancel one (row deleted).
 * A failed row past the privacy retention window has had its content scrubbed: it cannot be
 * retried (that would send an empty message), only cancelled.
 */
export interface OutboxRowView {
  id: number;
  chatId: string;
  status: 'pending' | 'failed';
  kind: 'text' | 'document';
  /** First characters of the text, or the file name. */
  preview: string;
  attempts: number;
  failures: number;
  lastError?: string;
  createdAt: Date;
  /** Its content was scrubbed after the retention window (store/outbox-scrub.ts): no retry. */
  scrubbed: boolean;
}

/** What a retry did: queued again, refused because the content is gone, or no such failed row. */
export type RetryResult = 'retried' | 'scrubbed' | 'missing';

export interface OutboxAdmin {
  list(limit?: number): OutboxRowView[];
  retry(id: number): RetryResult;
  cancel(id: number): boolean;
}

export function createOutboxAdmin(db: SqliteDatabase, outbox: Pick<Outbox, 'enqueue'>): OutboxAdmin {
  const list = db.prepare<
    [number],
    Row & { status: 'pending' | 'failed'; last_error: string | null; created_at: number }
  >(
    `SELECT id, chat_id, kind, payload, NULL AS document, attempts, failures, wa_id, status, last_error, created_at
       FROM outbox WHERE status IN ('pending', 'failed') ORDER BY status DESC, id LIMIT ?`,
  );
  const failedRow = db.prepare<[number], Row>(
    "SELECT id, chat_id, kind, payload, document, attempts, failures, wa_id FROM outbox WHERE id = ? AND status = 'failed'",
  );
  const remove = db.prepare<[number]>("DELETE FROM outbox WHERE id = ? AND status IN ('pending', 'failed')");
  return {
    list(limit = 200) {
      return list.all(limit).map((row) => {
        const item = toItem(row);
        const scrubbed = row.payload === SCRUBBED_PAYLOAD;
        // A scrubbed row has nothing to preview: the page says why.
        const preview = scrubbed
          ? ''
          : item.message.kind === 'text'
            ? item.message.text
            : `📄 ${item.message.fileName}`;
        return {
          id: row.id,
          chatId: row.chat_id,
          status: row.status,
          kind: row.kind,
          preview: preview.length > 80 ? `${preview.slice(0, 79)}…` : preview,
          attempts: row.attempts,
          failures: row.failures,
          ...(row.last_error ? { lastError: row.last_error } : {}),
          createdAt: new Date(row.created_at),
          scrubbed,
        };
      });
    },
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
