import { hasColumn, hasTable, type Migration } from '../../src/store/migrations.js';

/**
 * The guides' tables, split from the shipped migrations with their version numbers: dispatches
 * (their part of 6), guide sends (their part of 7, and 10). The store applies a version's parts
 * together, as the one migration it shipped as; each part that landed late checks its own table.
 */
export const guideMigrations: readonly Migration[] = [
  {
    version: 6,
    name: 'delivery truth: dispatches',
    // landed after version 9 (issues 10 and 14): a database created at v9 does not have it yet
    isApplied: hasTable('dispatches'),
    up(db) {
      db.exec(`
        -- guides/dispatches: one guia … enviar, reported once to its group
        CREATE TABLE dispatches (
          id          INTEGER PRIMARY KEY,
          chat_id     TEXT NOT NULL,
          quoted_id   TEXT,
          guide       TEXT NOT NULL,
          created_at  INTEGER NOT NULL,
          due_at      INTEGER NOT NULL,
          reported_at INTEGER
        );
        CREATE INDEX dispatches_open ON dispatches(due_at) WHERE reported_at IS NULL;
        CREATE TABLE dispatch_items (
          dispatch_id     INTEGER NOT NULL REFERENCES dispatches(id) ON DELETE CASCADE,
          wa_id           TEXT NOT NULL,
          document_number TEXT NOT NULL,
          name            TEXT,
          phone_masked    TEXT NOT NULL,
          PRIMARY KEY (dispatch_id, wa_id)
        );
        CREATE INDEX dispatch_items_wa ON dispatch_items(wa_id);
      `);
    },
  },
  {
    version: 7,
    name: 'issue 10: guide sends',
    // landed after version 9 (issue 14): a database created at v9 does not have it yet
    isApplied: hasTable('guide_sends'),
    up(db) {
      db.exec(`
        -- guides/sends: guide → driver sends (keyed hashes only), for the cooldown and daily cap
        CREATE TABLE guide_sends (
          guide_key  TEXT NOT NULL,
          driver_key TEXT NOT NULL,
          at         INTEGER NOT NULL
        );
        CREATE INDEX guide_sends_driver ON guide_sends(driver_key, at);
        CREATE INDEX guide_sends_at ON guide_sends(at);
      `);
    },
  },
  {
    version: 10,
    name: 'guide sends: the WhatsApp id of each send',
    // Checked by its column, like 6 and 7: should a parallel branch also number a migration 10,
    // a database already at v10 without this column still gets it.
    isApplied: hasColumn('guide_sends', 'wa_id'),
    up(db) {
      db.exec(`
        -- guides/sends: the message's WhatsApp id (deliveries.wa_id); a send WhatsApp refused or
        -- never acknowledged does not hold the resend cooldown (NULL: untracked, always counts)
        ALTER TABLE guide_sends ADD COLUMN wa_id TEXT;
      `);
    },
  },
];
