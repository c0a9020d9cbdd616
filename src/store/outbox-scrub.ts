import type { SqliteDatabase } from './sqlite.js';
import { GROUP_CHAT_LIKE } from '../transports/ids.js';

/**
 * Personal data in the outbox (reply texts, captions, the quoted incoming message, the stored sent
 * message for WhatsApp's retry requests) is kept only while WhatsApp may ask for a retry, then
 * scrubbed: the row keeps its metadata (group id or "direct", kind, status, attempts, times, id).
 */

/**
 * A sent message the server never acknowledged keeps its stored copy this long after sending
 * before its retention starts anyway (rc14 can lose a successful ack; the data must still go).
 */
export const UNACKED_HOLD_MS = 24 * 60 * 60_000;

/**
 * When a row's retry window starts, as one SQL expression over `outbox`. WhatsApp asks for retries
 * only once its server has the message, so with delivery tracking (a `deliveries` row per outbox
 * row) the window starts at the server ack, or when WhatsApp refused the message; a row still
 * unacknowledged waits `UNACKED_HOLD_MS` after its send. Without tracking (no `deliveries` row, e.g.
 * the terminal) it starts at the send, and for a row never sent at its creation.
 */
const RETRY_WINDOW_START_SQL = `COALESCE(
  (SELECT COALESCE(d.server_ack_at, d.failed_at, outbox.sent_at + ${UNACKED_HOLD_MS})
     FROM deliveries d WHERE d.outbox_id = outbox.id ORDER BY d.server_ack_at IS NULL LIMIT 1),
  sent_at, created_at)`;

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
            chat_id = CASE WHEN chat_id LIKE '${GROUP_CHAT_LIKE}' THEN chat_id ELSE 'direct' END
      WHERE status IN ('sent', 'failed') AND payload <> ? AND ${RETRY_WINDOW_START_SQL} < ?`,
  );
  return (beforeMs) => {
    const changes = scrub.run(SCRUBBED, SCRUBBED, beforeMs).changes;
    // secure_delete zeroes the old cells in the file; truncating the WAL drops its old page copies.
    if (changes > 0) db.pragma('wal_checkpoint(TRUNCATE)');
    return changes;
  };
}
