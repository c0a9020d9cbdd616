import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { backupPath, DB_FILE, ensureDataDir, tightenPermissions } from './data-dir.js';
import { latestVersion, type Migration } from './migrations.js';
import { classifyOpenError, DataStoreError, schemaNewerError } from './open-errors.js';
import { attachSecret } from './secret.js';

export type SqliteDatabase = Database.Database;

export interface OpenStoreOptions {
  /** Data directory; the database file is `<dir>/chasqui.db`. Use ':memory:' for tests. */
  dir: string;
  /** The app's full list (src/app/features.ts): the platform's parts and every feature's. */
  migrations: readonly Migration[];
  /** `CHASQUI_SECRET`: the key for cache encryption and pseudonyms (else `<dir>/secret.key`). */
  secret?: string;
  /** Told once when permissions were tightened, a key moved or a backup made. */
  logger?: Logger;
}

/**
 * Opens (creating if needed) the single SQLite database of a data directory and migrates it.
 * WAL mode with synchronous=NORMAL: durable across process crashes, fast enough for a chat bot.
 */
export function openDatabase(options: OpenStoreOptions): SqliteDatabase {
  const { migrations } = options;
  if (options.dir === ':memory:') {
    const db = new Database(':memory:');
    configure(db);
    migrate(db, migrations);
    return db;
  }
  ensureDataDir(options.dir);
  const file = path.join(options.dir, DB_FILE);
  const fresh = existsSync(file) ? [] : [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`];
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(file);
    // Checked before any write: a newer schema is refused and the file left exactly as it was.
    const current = db.pragma('user_version', { simple: true }) as number;
    const known = latestVersion(migrations);
    if (current > known) throw schemaNewerError(file, current, known);
    configure(db);
    if (current > 0 && pendingMigrations(db, migrations).length > 0) {
      const backup = backupPath(options.dir, current);
      if (!existsSync(backup)) {
        db.prepare('VACUUM INTO ?').run(backup);
        chmodSync(backup, 0o600);
        options.logger?.info({ backup }, `schema v${current} → v${known}: copy kept as ${backup}`);
      }
    }
    migrate(db, migrations);
    tightenPermissions(options.dir, options.logger, fresh);
    attachSecret(db, { dir: options.dir, envSecret: options.secret, logger: options.logger });
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof DataStoreError) throw error;
    throw classifyOpenError(error, options.dir, file) ?? error;
  }
}

function configure(db: SqliteDatabase): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // 4 MB of page cache, not better-sqlite3's 16 MB default: a months-old database is read whole
  // by purges, stats and backups, and the cache stays resident after them (measured on a 60 MB
  // file: +21 MB of RSS after three full scans with the default, +8 MB with 4 MB, and the scans
  // were no slower: the kernel's file cache holds the pages either way).
  db.pragma('cache_size = -4000');
  // Deleted or scrubbed personal data is overwritten in the file, not left in free pages.
  db.pragma('secure_delete = ON');
}

/**
 * The migrations a database still needs: those newer than its `user_version`, plus an older one
 * that landed late (`isApplied` says its changes are missing), in version order.
 */
function pendingMigrations(db: SqliteDatabase, migrations: readonly Migration[]): Migration[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  return [...migrations]
    .sort((a, b) => a.version - b.version)
    .filter((m) => m.version > current || (m.isApplied !== undefined && !m.isApplied(db)));
}

/**
 * Applies the pending migrations, one transaction per version (its parts in list order, as one
 * migration was before it was split by owner); `user_version` never goes down.
 */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[]): void {
  const pending = pendingMigrations(db, migrations);
  for (const version of new Set(pending.map((m) => m.version))) {
    db.transaction(() => {
      const current = db.pragma('user_version', { simple: true }) as number;
      for (const part of pending.filter((m) => m.version === version)) part.up(db);
      db.pragma(`user_version = ${Math.max(current, version)}`);
    })();
  }
}
