import type { Migration } from '../../src/store/migrations.js';

/**
 * The owners' budget notices: the budget's part of migration 7 (the platform's part, in
 * src/store/migrations.ts, allows groups and records guide sends; the store applies a version's
 * parts together, as the one migration it shipped as).
 */
export const budgetMigrations: readonly Migration[] = [
  {
    version: 7,
    name: 'issue 10: budget alerts',
    // landed after version 9 (issue 14): a database created at v9 does not have it yet
    isApplied: (db) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'budget_notices'").get() !==
      undefined,
    up(db) {
      db.exec(`
        -- budget: the 80% / cap notices already sent to the owners, once per scope and period
        CREATE TABLE budget_notices (
          scope  TEXT NOT NULL,
          period TEXT NOT NULL,
          level  TEXT NOT NULL CHECK (level IN ('warning', 'cap')),
          at     INTEGER NOT NULL,
          PRIMARY KEY (scope, period, level)
        );
      `);
    },
  },
];
