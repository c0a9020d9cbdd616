import { advance, DELIVERY_STATES, type DeliveryState } from './delivery-state.js';
import type { DeliveryUpdate } from '../transports/transport.js';
import { createCacheCrypto } from './keyed-crypto.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * Delivery states of outgoing messages (table `deliveries`, migration 6), keyed by the WhatsApp
 * message id the outbox reserved: the platform's, for every message. Transports report steps
 * (`DeliveryUpdate`); this repo applies them monotonically (delivery-state.ts) and keeps the time
 * of every step. The outbox's payload scrub reads `server_ack_at` directly (outbox-scrub.ts);
 * features read through `inChats` and `countsFor` (the guides sent to drivers are theirs).
 */

export interface DeliveryRecord {
  waId: string;
  outboxId?: number;
  chatId: string;
  state: DeliveryState;
  /** WhatsApp's error code of a failure ('463'…), or 'send-error' when our send itself failed. */
  code?: string;
  /** Group receipts: a keyed hash of the participant (never the phone number in clear). */
  recipient?: string;
  /** When the current state was reached (ms since the epoch). */
  stateAt: number;
  /**
   * Still queued because WhatsApp restricts new chats or a first-message cap is reached: until
   * when (the outbox row's hold, store/outbox.ts `SendHeldError`); absent otherwise.
   */
  heldUntil?: number;
  /** Why it is held: `restriction`, `daily-cap` or `whatsapp-cap` (see transports/whatsapp/limits). */
  heldReason?: string;
  queuedAt: number;
  sentAt?: number;
  /** Set by a server ack, or by the first receipt (which implies it). */
  serverAckAt?: number;
  deliveredAt?: number;
  readAt?: number;
  failedAt?: number;
}

export interface DeliveryRepo {
  /** Applies one step; returns the record when its state changed, else undefined. */
  record(update: DeliveryUpdate): DeliveryRecord | undefined;
  get(waId: string): DeliveryRecord | undefined;
  /** Marks 'sent' messages older than `sentBefore` as doubtful (no server ack); returns them. */
  markDoubtful(sentBefore: number, at: number): DeliveryRecord[];
  /** Every message sent to any of these chats, the newest first. */
  inChats(chatIds: readonly string[]): DeliveryRecord[];
  /** How many messages are in each state (created since `since`, default all): metrics. */
  countsByState(since?: number): Record<DeliveryState, number>;
  /** The same, only for these messages (a feature's: the guides sent to drivers). */
  countsFor(waIds: readonly string[]): Record<DeliveryState, number>;
  /** Deletes records created before `before`; returns how many. */
  prune(before: number): number;
}

interface Row {
  wa_id: string;
  outbox_id: number | null;
  chat_id: string;
  state: DeliveryState;
  code: string | null;
  recipient: string | null;
  state_at: number;
  queued_at: number;
  sent_at: number | null;
  server_ack_at: number | null;
  delivered_at: number | null;
  read_at: number | null;
  failed_at: number | null;
  held_until?: number | null;
  held_reason?: string | null;
}

function toRecord(row: Row): DeliveryRecord {
  const record: DeliveryRecord = {
    waId: row.wa_id,
    chatId: row.chat_id,
    state: row.state,
    stateAt: row.state_at,
    queuedAt: row.queued_at,
  };
  const optional: [keyof DeliveryRecord, unknown][] = [
    ['outboxId', row.outbox_id],
    ['code', row.code],
    ['recipient', row.recipient],
    ['sentAt', row.sent_at],
    ['serverAckAt', row.server_ack_at],
    ['deliveredAt', row.delivered_at],
    ['readAt', row.read_at],
    ['failedAt', row.failed_at],
  ];
  if (row.state === 'queued' && row.held_until != null) {
    optional.push(['heldUntil', row.held_until], ['heldReason', row.held_reason ?? null]);
  }
  for (const [key, value] of optional) if (value !== null) Object.assign(record, { [key]: value });
  return record;
}

/** The time column a step fills (first time only); `doubtful` and `queued` have none. */
const STEP_COLUMN: Partial<Record<DeliveryState, string>> = {
  sent: 'sent_at',
  server_ack: 'server_ack_at',
  delivered: 'delivered_at',
  read: 'read_at',
  played: 'read_at',
  failed: 'failed_at',
};

const COLUMNS =
  'wa_id, outbox_id, chat_id, state, code, recipient, state_at, queued_at, sent_at, server_ack_at, delivered_at, read_at, failed_at';

export function createDeliveryRepo(db: SqliteDatabase, now: () => number = Date.now): DeliveryRepo {
  const crypto = createCacheCrypto(db);
  const select = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM deliveries WHERE wa_id = ?`);
  // With the outbox row's hold, for what a dispatch follow-up says of a message still queued.
  const selectWithHold = db.prepare<[number, string], Row>(
    `SELECT ${COLUMNS.split(', ')
      .map((column) => `d.${column}`)
      .join(', ')}, o.held_until, o.held_reason
       FROM deliveries d LEFT JOIN outbox o ON o.id = d.outbox_id AND o.status = 'pending' AND o.held_until > ?
      WHERE d.wa_id = ?`,
  );
  const insert = db.prepare<[string, number | null, string, number, number]>(
    `INSERT INTO deliveries (wa_id, outbox_id, chat_id, state, state_at, queued_at)
     VALUES (?, ?, ?, 'queued', ?, ?) ON CONFLICT (wa_id) DO NOTHING`,
  );
  const setState = db.prepare<[DeliveryState, number, string | null, string | null, string]>(
    `UPDATE deliveries SET state = ?, state_at = ?, code = COALESCE(?, code),
       recipient = COALESCE(?, recipient) WHERE wa_id = ?`,
  );
  const stepStatements = new Map(
    [...new Set(Object.values(STEP_COLUMN))].map((column) => [
      column,
      db.prepare<[number, string]>(
        `UPDATE deliveries SET ${column} = COALESCE(${column}, ?) WHERE wa_id = ?`,
      ),
    ]),
  );
  const fillServerAck = db.prepare<[number, string]>(
    'UPDATE deliveries SET server_ack_at = COALESCE(server_ack_at, ?) WHERE wa_id = ?',
  );
  const sentBefore = db.prepare<[number], Row>(
    `SELECT ${COLUMNS} FROM deliveries WHERE state = 'sent' AND sent_at < ?`,
  );
  const counts = db.prepare<[number], { state: DeliveryState; n: number }>(
    'SELECT state, COUNT(*) AS n FROM deliveries WHERE queued_at >= ? GROUP BY state',
  );
  // One JSON array parameter, however many ids (no limit on bound variables).
  const countsAmong = db.prepare<[string], { state: DeliveryState; n: number }>(
    `SELECT state, COUNT(*) AS n FROM deliveries
     WHERE wa_id IN (SELECT value FROM json_each(?)) GROUP BY state`,
  );
  const prune = db.prepare<[number]>('DELETE FROM deliveries WHERE queued_at < ?');
  const zeroCounts = () =>
    Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as Record<DeliveryState, number>;

  const apply = db.transaction((update: DeliveryUpdate): DeliveryRecord | undefined => {
    if (update.state === 'queued' || update.state === 'sent') {
      insert.run(update.messageId, update.outboxId ?? null, update.chatId, update.at, update.at);
    }
    const row = select.get(update.messageId);
    // Receipts of messages we never queued (sent from the phone, or before this table) are not ours.
    if (!row) return undefined;
    const column = STEP_COLUMN[update.state];
    if (column) stepStatements.get(column)?.run(update.at, update.messageId);
    if (update.state === 'delivered' || update.state === 'read' || update.state === 'played') {
      fillServerAck.run(update.at, update.messageId);
    }
    const next = advance(row.state, update.state);
    if (next === row.state) return undefined;
    setState.run(
      next,
      update.at,
      next === 'failed' ? (update.code ?? null) : null,
      update.recipient === undefined ? null : crypto.hash(`recipient:${update.recipient}`).slice(0, 16),
      update.messageId,
    );
    const updated = select.get(update.messageId);
    return updated ? toRecord(updated) : undefined;
  });

  return {
    record: (update) => apply(update),
    get(waId) {
      const row = selectWithHold.get(now(), waId);
      return row ? toRecord(row) : undefined;
    },
    markDoubtful(before, at) {
      return sentBefore.all(before).flatMap((row) => {
        setState.run('doubtful', at, null, null, row.wa_id);
        const updated = select.get(row.wa_id);
        return updated ? [toRecord(updated)] : [];
      });
    },
    inChats(chatIds) {
      if (chatIds.length === 0) return [];
      const placeholders = chatIds.map(() => '?').join(', ');
      return db
        .prepare<string[], Row>(
          `SELECT ${COLUMNS} FROM deliveries WHERE chat_id IN (${placeholders})
           ORDER BY queued_at DESC, rowid DESC`,
        )
        .all(...chatIds)
        .map(toRecord);
    },
    countsByState(since = 0) {
      const out = zeroCounts();
      for (const { state, n } of counts.all(since)) out[state] = n;
      return out;
    },
    countsFor(waIds) {
      const out = zeroCounts();
      for (const { state, n } of countsAmong.all(JSON.stringify(waIds))) out[state] = n;
      return out;
    },
    prune: (before) => prune.run(before).changes,
  };
}
