import type { Database } from 'better-sqlite3';

/**
 * Versioned schema migrations, applied in version order, one transaction per version. Never edit
 * a migration that has shipped: append a new one, numbered above every existing one (features'
 * included). The platform's tables are here; a feature's are in its folder (`Feature.migrations`),
 * and `src/app/features.ts` lists both. One version may have parts from several owners.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
  /**
   * For a migration that landed after a higher version (branches numbered in parallel): whether
   * its changes are already in the database. A database past its version without them gets it.
   */
  isApplied?(db: Database): boolean;
}

/** `isApplied` of a late migration that creates `table`: whether the table exists. */
export function hasTable(table: string): (db: Database) => boolean {
  return (db) =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
}

/** `isApplied` of a late migration that adds `column` to `table`: whether the column exists. */
export function hasColumn(table: string, column: string): (db: Database) => boolean {
  return (db) =>
    db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) !== undefined;
}

/** The schema version a list of migrations leads to (0 for none). */
export function latestVersion(list: readonly Migration[]): number {
  return Math.max(0, ...list.map((m) => m.version));
}

/** The platform's parts; the app's full list is `migrations` in src/app/features.ts. */
export const coreMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'core: groups, usage log, lookup cache',
    up(db) {
      db.exec(`
        -- bot/guards: activar / desactivar per group (overrides the config's allow-list)
        CREATE TABLE group_settings (
          chat_id    TEXT PRIMARY KEY,
          active     INTEGER NOT NULL,
          updated_by TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        -- store/usage: one row per lookup; identifiers never stored (only operation + chat)
        CREATE TABLE usage_log (
          id        INTEGER PRIMARY KEY,
          at        INTEGER NOT NULL,
          chat_id   TEXT NOT NULL,
          operation TEXT NOT NULL,
          saved     INTEGER NOT NULL,
          outcome   TEXT NOT NULL
        );
        CREATE INDEX usage_log_at ON usage_log(at);
        -- store/cache: key is a keyed hash of the inputs (no DNI in clear)
        CREATE TABLE lookup_cache (
          operation  TEXT NOT NULL,
          key_hash   TEXT NOT NULL,
          kind       TEXT NOT NULL CHECK (kind IN ('ok', 'not_found')),
          value      TEXT NOT NULL,
          stored_at  INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          PRIMARY KEY (operation, key_hash)
        );
        CREATE INDEX lookup_cache_expires ON lookup_cache(expires_at);
      `);
    },
  },
  {
    version: 2,
    name: 'whatsapp: auth state, dedupe, outbox',
    up(db) {
      db.exec(`
        -- store/auth-state: Baileys creds (one row) and signal keys, BufferJSON-serialised
        CREATE TABLE wa_creds (
          id    INTEGER PRIMARY KEY CHECK (id = 1),
          value TEXT NOT NULL
        );
        CREATE TABLE wa_keys (
          type  TEXT NOT NULL,
          id    TEXT NOT NULL,
          value TEXT NOT NULL,
          PRIMARY KEY (type, id)
        );
        -- store/dedup: messages already handled (chat + participant + id)
        CREATE TABLE processed_messages (
          chat_id     TEXT NOT NULL,
          participant TEXT NOT NULL,
          message_id  TEXT NOT NULL,
          at          INTEGER NOT NULL,
          PRIMARY KEY (chat_id, participant, message_id)
        );
        CREATE INDEX processed_messages_at ON processed_messages(at);
        -- store/outbox: every outgoing message, written before it is sent
        CREATE TABLE outbox (
          id          INTEGER PRIMARY KEY,
          chat_id     TEXT NOT NULL,
          kind        TEXT NOT NULL CHECK (kind IN ('text', 'document')),
          payload     TEXT NOT NULL,
          document    BLOB,
          status      TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
          attempts    INTEGER NOT NULL DEFAULT 0,
          last_error  TEXT,
          created_at  INTEGER NOT NULL,
          sent_at     INTEGER,
          wa_id       TEXT,
          wa_message  TEXT
        );
        CREATE INDEX outbox_pending ON outbox(status, id);
        CREATE INDEX outbox_wa_id ON outbox(wa_id);
      `);
    },
  },
  {
    version: 3,
    // The drivers' part of this version is commands/drivers/migrations.ts.
    name: 'documents and schedules: schedules, schedule runs',
    up(db) {
      db.exec(`
        -- scheduler: programar tc 08:30 / programar afp dia 1 09:00
        CREATE TABLE schedules (
          id         INTEGER PRIMARY KEY,
          chat_id    TEXT NOT NULL,
          job        TEXT NOT NULL,
          spec       TEXT NOT NULL,
          source     TEXT NOT NULL CHECK (source IN ('config', 'chat')),
          created_by TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        -- scheduler: one row per schedule and Lima date, written before the post is queued
        CREATE TABLE schedule_runs (
          schedule_key TEXT NOT NULL,
          run_date     TEXT NOT NULL,
          status       TEXT NOT NULL,
          detail       TEXT,
          at           INTEGER NOT NULL,
          PRIMARY KEY (schedule_key, run_date)
        );
      `);
    },
  },
  {
    version: 4,
    name: 'store/hash: per-database secrets',
    up(db) {
      db.exec(`
        -- store/hash: random per-database secrets (the cache's HMAC key); never leaves the file
        CREATE TABLE meta (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `);
    },
  },
  {
    version: 5,
    name: 'whatsapp: pending message claims (crash recovery), outbox failure count',
    up(db) {
      db.exec(`
        -- store/dedup: a claim is 'pending' (raw message kept, BufferJSON) until its handler
        -- returned, then 'done'; pending claims are re-handled once after a crash (replays)
        ALTER TABLE processed_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'done'
          CHECK (status IN ('pending', 'done'));
        ALTER TABLE processed_messages ADD COLUMN raw TEXT;
        ALTER TABLE processed_messages ADD COLUMN replays INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX processed_messages_pending ON processed_messages(at) WHERE status = 'pending';
        -- store/outbox: real send errors only (attempts also counts sends deferred by a
        -- closed connection); a row is 'failed' after too many of these
        ALTER TABLE outbox ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
      `);
    },
  },
  {
    version: 6,
    name: 'delivery truth: delivery states, edit tracking',
    // landed after version 9 (issues 10 and 14): a database created at v9 does not have it yet.
    // The dispatches (commands/guides) and driver contacts (commands/drivers) are this version's
    // other parts; each part checks its own.
    isApplied: hasTable('deliveries'),
    up(db) {
      db.exec(`
        -- store/delivery: one row per outgoing WhatsApp message (keyed by its WA id), the
        -- furthest state WhatsApp confirmed and when each step happened (ms since the epoch)
        CREATE TABLE deliveries (
          wa_id          TEXT PRIMARY KEY,
          outbox_id      INTEGER,
          chat_id        TEXT NOT NULL,
          state          TEXT NOT NULL,
          code           TEXT,
          recipient      TEXT,
          state_at       INTEGER NOT NULL,
          queued_at      INTEGER NOT NULL,
          sent_at        INTEGER,
          server_ack_at  INTEGER,
          delivered_at   INTEGER,
          read_at        INTEGER,
          failed_at      INTEGER
        );
        CREATE INDEX deliveries_state ON deliveries(state, state_at);
        CREATE INDEX deliveries_outbox ON deliveries(outbox_id);
        CREATE INDEX deliveries_server_ack ON deliveries(server_ack_at) WHERE server_ack_at IS NOT NULL;
        -- store/edits: the last parse of each answered message (so an edit is answered again
        -- only when the command changed) and the message secret that decrypts its edits
        CREATE TABLE message_edits (
          chat_id    TEXT NOT NULL,
          message_id TEXT NOT NULL,
          signature  TEXT,
          secret     BLOB,
          sender     TEXT,
          at         INTEGER NOT NULL,
          PRIMARY KEY (chat_id, message_id)
        );
        CREATE INDEX message_edits_at ON message_edits(at);
      `);
    },
  },
  {
    version: 7,
    name: 'issue 10: owner-allowed groups',
    // landed after version 9 (issue 14): a database created at v9 does not have it yet. The budget
    // alerts (commands/budget) and guide sends (commands/guides) are this version's other parts;
    // each part checks its own.
    isApplied: hasColumn('group_settings', 'owner_allowed'),
    up(db) {
      db.exec(`
        -- bot/guards: an owner's activar (group admins get powers only in owner- or config-allowed groups)
        ALTER TABLE group_settings ADD COLUMN owner_allowed INTEGER NOT NULL DEFAULT 0;
      `);
    },
  },
  {
    version: 11,
    name: 'outbox: per-chat index of pending rows',
    // Checked by the index, like 10: a parallel branch's migration 11 must not hide it.
    isApplied: (db) =>
      db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'outbox_pending_chat'")
        .get() !== undefined,
    up(db) {
      db.exec(`
        -- store/outbox: the oldest pending row of each chat in O(log n) per chat, so picking the
        -- next message costs the same with 30,000 queued as with 30 (outbox-rows.ts, heads)
        CREATE INDEX IF NOT EXISTS outbox_pending_chat ON outbox(chat_id, id) WHERE status = 'pending';
      `);
    },
  },
  {
    version: 12,
    name: 'whatsapp limits: restriction and new-chat cap, new chats, held rows, sealed sent copies, LID pairs',
    // Checked by its table, like 10 and 11: a parallel branch's migration 12 must not hide it.
    isApplied: (db) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'wa_account'").get() !==
      undefined,
    up(db) {
      db.exec(`
        -- store/wa-account: what WhatsApp says about the account (one row): the reach-out time
        -- lock (restricted since / until, enforcement type) and the new-chat message cap
        CREATE TABLE wa_account (
          id                INTEGER PRIMARY KEY CHECK (id = 1),
          restricted        INTEGER NOT NULL DEFAULT 0,
          restricted_since  INTEGER,
          restricted_until  INTEGER,
          enforcement       TEXT,
          checked_at        INTEGER,
          cap_total         INTEGER,
          cap_used          INTEGER,
          cap_cycle_end     INTEGER,
          cap_status        TEXT,
          cap_at            INTEGER
        );
        -- store/wa-account: a group told that its messages to drivers are held, once per hold
        -- (the restriction's start, the day of the daily cap, the cycle of WhatsApp's cap)
        CREATE TABLE wa_hold_notices (
          episode  TEXT NOT NULL,
          chat_id  TEXT NOT NULL,
          told_at  INTEGER NOT NULL,
          PRIMARY KEY (episode, chat_id)
        );
        -- store/new-chats: people the bot writes to one to one, by keyed hash of their chat id
        -- (never the number): the first message sent, the chat established (they wrote, or a
        -- message of ours reached them), whether WhatsApp says the number exists
        CREATE TABLE wa_new_chats (
          chat_key       TEXT PRIMARY KEY,
          first_sent_at  INTEGER,
          reached_at     INTEGER,
          checked_at     INTEGER,
          has_whatsapp   INTEGER
        );
        CREATE INDEX wa_new_chats_first ON wa_new_chats(first_sent_at) WHERE first_sent_at IS NOT NULL;
        -- store/outbox: a first message held while WhatsApp restricts new chats or a cap is
        -- reached (still pending: it goes when the hold ends), and why
        ALTER TABLE outbox ADD COLUMN held_until INTEGER;
        ALTER TABLE outbox ADD COLUMN held_reason TEXT;
        -- store/sent-copies: every sent message, sealed (AES-GCM, key outside the database), to
        -- answer recipients' retry requests for 14 days; no chat id, bounded in bytes
        CREATE TABLE wa_sent_copies (
          wa_id   TEXT PRIMARY KEY,
          sealed  TEXT NOT NULL,
          bytes   INTEGER NOT NULL,
          at      INTEGER NOT NULL
        );
        CREATE INDEX wa_sent_copies_at ON wa_sent_copies(at);
        -- store/lid-pairs: a LID and the phone number WhatsApp pairs with it (group rosters,
        -- messages), kept across relinks so a member known by either is recognised
        CREATE TABLE wa_lid_pairs (
          lid      TEXT PRIMARY KEY,
          phone    TEXT NOT NULL,
          seen_at  INTEGER NOT NULL
        );
        CREATE INDEX wa_lid_pairs_phone ON wa_lid_pairs(phone);
      `);
    },
  },
];
