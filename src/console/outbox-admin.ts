import type { Outbox } from '../store/outbox.js';
import { createOutboxAdminRows, type RetryResult } from '../store/outbox-admin.js';
import type { SqliteDatabase } from '../store/sqlite.js';

/**
 * The console's view of the outbox: pending and failed rows with a short preview, retry and
 * cancel. The statements are the outbox's own (store/outbox-admin.ts).
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
  /** Held by a WhatsApp restriction or cap until then, and why. */
  heldUntil?: Date;
  heldReason?: string;
}

export interface OutboxAdmin {
  list(limit?: number): OutboxRowView[];
  retry(id: number): RetryResult;
  cancel(id: number): boolean;
}

export function createOutboxAdmin(db: SqliteDatabase, outbox: Pick<Outbox, 'enqueue'>): OutboxAdmin {
  const rows = createOutboxAdminRows(db, outbox);
  return {
    list(limit = 200) {
      return rows.open(limit).map(({ item, heldUntil, ...row }) => {
        // A scrubbed row has nothing to preview: the page says why.
        const preview = row.scrubbed
          ? ''
          : item.message.kind === 'text'
            ? item.message.text
            : `📄 ${item.message.fileName}`;
        return {
          ...row,
          chatId: item.chatId,
          kind: item.message.kind,
          preview: preview.length > 80 ? `${preview.slice(0, 79)}…` : preview,
          ...(heldUntil !== undefined ? { heldUntil: new Date(heldUntil) } : {}),
        };
      });
    },
    retry: (id) => rows.retry(id),
    cancel: (id) => rows.cancel(id),
  };
}
