import type { SqliteDatabase } from './sqlite.js';

/**
 * Personal data in the outbox (reply texts, captions, the quoted incoming message, the stored sent
 * message for WhatsApp's retry requests) is kept only while WhatsApp may ask for a retry, then
 * scrubbed: the row keeps its metadata (group id or "direct", kind, status, attempts, times, id).
 */

/**
 * When a row's retry window starts, as one SQL expression. Measured from the send; when delivery
 * tracking records the server ack per row, this becomes e.g. `COALESCE(acked_at, sent_at, created_at)`.
 */
export const RETRY_WINDOW_START_SQL = 'COALESCE(sent_at, created_at)';

/** Default retention after the window starts: 1 hour. */
export const DEFAULT_PAYLOAD_RETENTION_MINUTES = 60;

/** The payload of a scrubbed row: its text, caption and quoted message are gone. */
export const SCRUBBED_PAYLOAD = '{}';
const SCRUBBED = SCRUBBED_PAYLOAD;

/** Scrubs finished rows whose window started before `beforeMs`; returns how many. */
export function prepareOutboxScrub(db: SqliteDatabase): (beforeMs: number) => number {
  // A direct chat's id is a phone number: it goes too (a group id is not personal data).
  const scrub = db.prepare<[string, string, number]>(
    `UPDATE outbox SET payload = ?, wa_message = NULL, document = NULL,
            chat_id = CASE WHEN chat_id LIKE '%@g.us' THEN chat_id ELSE 'direct' END
      WHERE status IN ('sent', 'failed') AND payload <> ? AND ${RETRY_WINDOW_START_SQL} < ?`,
  );
  return (beforeMs) => {
    const changes = scrub.run(SCRUBBED, SCRUBBED, beforeMs).changes;
    // secure_delete zeroes the old cells in the file; truncating the WAL drops its old page copies.
    if (changes > 0) db.pragma('wal_checkpoint(TRUNCATE)');
    return changes;
  };
}
