import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import type { Migration } from '../../src/store/migrations.js';

/** A test's database on disk: its data folder, and a restart (close, open the folder again). */
export interface TempDatabase {
  readonly dir: string;
  /**
   * Closes the database (if open) and opens its folder again, as a restart does; with
   * `migrations`, only those (an older schema, to test an upgrade).
   */
  reopen(migrations?: readonly Migration[]): SqliteDatabase;
}

/**
 * A database with every migration in a fresh temporary data folder for each test of the file,
 * closed and removed after it: for what needs a file (restarts, upgrades, bytes at rest); a test
 * that needs none opens `openDatabase({ dir: ':memory:' })`. `use` receives each database opened
 * (the test's `let db`).
 */
export function useTempDatabase(prefix: string, use: (db: SqliteDatabase) => void): TempDatabase {
  let dir = '';
  let db: SqliteDatabase | undefined;
  const open = (migrations?: readonly Migration[]) => {
    db = openDatabase(migrations ? { dir, migrations } : { dir });
    use(db);
    return db;
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    open();
  });
  afterEach(() => {
    if (db?.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    reopen(migrations) {
      if (db?.open) db.close();
      return open(migrations);
    },
  };
}
