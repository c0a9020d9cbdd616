import type { Migration } from '../../src/store/migrations.js';

/**
 * The watch list's tables: its part of migration 9 (which also made `batch_pending`; the store
 * applies a version's parts together, as the one migration it shipped as).
 */
export const watchMigrations: readonly Migration[] = [
  {
    version: 9,
    name: 'watch list: watched RUCs, snapshots, history',
    up(db) {
      db.exec(`
        -- watch/store: vigilar <ruc> [nota], per group; the RUC and note sealed, keyed by a keyed
        -- hash; seen_state = the (sealed) state the group was last told about
        CREATE TABLE watch_list (
          chat_id     TEXT NOT NULL,
          ruc_key     TEXT NOT NULL,
          ruc_sealed  TEXT NOT NULL,
          note_sealed TEXT,
          seen_state  TEXT NOT NULL,
          added_by    TEXT NOT NULL,
          added_at    INTEGER NOT NULL,
          PRIMARY KEY (chat_id, ruc_key)
        );
        -- watch/store: the latest observed state of each watched RUC, shared by every group
        CREATE TABLE watch_snapshots (
          ruc_key           TEXT PRIMARY KEY,
          state             TEXT NOT NULL,
          checked_date      TEXT NOT NULL,
          debt_checked_date TEXT,
          updated_at        INTEGER NOT NULL
        );
        -- watch/store: every observed change (sealed list of {field, before, after})
        CREATE TABLE watch_history (
          id      INTEGER PRIMARY KEY,
          ruc_key TEXT NOT NULL,
          date    TEXT NOT NULL,
          changes TEXT NOT NULL,
          at      INTEGER NOT NULL
        );
        CREATE INDEX watch_history_ruc ON watch_history(ruc_key, id);
      `);
    },
  },
];
