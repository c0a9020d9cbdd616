import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations as defaultMigrations, type Migration } from './migrations.js';

export type SqliteDatabase = Database.Database;

export interface OpenStoreOptions {
  /** Data directory; the database file is `<dir>/chasqui.db`. Use ':memory:' for tests. */
  dir: string;
  migrations?: readonly Migration[];
}

/**
 * Opens (creating if needed) the single SQLite database of a data directory and migrates it.
 * WAL mode with synchronous=NORMAL: durable across process crashes, fast enough for a chat bot.
 */
export function openDatabase(options: OpenStoreOptions): SqliteDatabase {
  let file = ':memory:';
  if (options.dir !== ':memory:') {
    mkdirSync(options.dir, { recursive: true });
    file = path.join(options.dir, 'chasqui.db');
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, options.migrations ?? defaultMigrations);
  return db;
}

/** Applies the migrations newer than the database's `user_version`, one transaction each. */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
