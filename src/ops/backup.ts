import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { acquireDataDirLock } from '../store/lock.js';
import { migrations } from '../store/migrations.js';
import type { SqliteDatabase } from '../store/sqlite.js';

/**
 * Backups of the one SQLite database with SQLite's online backup API: consistent while the bot
 * writes (WAL readers never block the writer), without taking the data-directory lock. Restore
 * does take the lock (it replaces the file), verifies the copy first and keeps the old one aside.
 */

export const DB_FILE = 'chasqui.db';

/** Tables every Chasqui database has (migrations 1–5); a file without them is not a backup of ours. */
export const EXPECTED_TABLES = [
  'group_settings',
  'usage_log',
  'lookup_cache',
  'wa_creds',
  'wa_keys',
  'processed_messages',
  'outbox',
  'drivers',
  'schedules',
  'schedule_runs',
  'meta',
] as const;

export const CODE_SCHEMA_VERSION = Math.max(...migrations.map((m) => m.version));

/** `<dir>/chasqui-2026-03-14T08-30-00.db`: sortable by name. */
export function backupFileName(at: Date): string {
  return `chasqui-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.db`;
}

export interface BackupResult {
  file: string;
  bytes: number;
}

/** Copies an open database (the running bot's own connection: the daily backup). */
export async function backupOpenDatabase(db: SqliteDatabase, file: string): Promise<BackupResult> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  await db.backup(partial);
  renameSync(partial, file);
  return { file, bytes: statSync(file).size };
}

/**
 * `chasqui backup`: copies `<dataDir>/chasqui.db` through a read-only connection, so it runs
 * beside `chasqui start` (no lock, no migration, no write to the live file).
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  const source = path.join(dataDir, DB_FILE);
  if (!existsSync(source)) throw new Error(`no hay base de datos en ${source} / no database at ${source}`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return await backupOpenDatabase(db, file);
  } finally {
    db.close();
  }
}

export interface Verification {
  ok: boolean;
  schemaVersion?: number;
  problems: string[];
}

/** Integrity check, expected tables, and a schema version this code can run (not newer). */
export function verifyBackup(file: string): Verification {
  if (!existsSync(file)) return { ok: false, problems: [`no existe / not found: ${file}`] };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const problems: string[] = [];
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
    const tables = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => r.name),
    );
    const missing = EXPECTED_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) problems.push(`faltan tablas / missing tables: ${missing.join(', ')}`);
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    if (schemaVersion > CODE_SCHEMA_VERSION) {
      problems.push(
        `versión del esquema ${schemaVersion} más nueva que este Chasqui (${CODE_SCHEMA_VERSION}) / schema newer than the code`,
      );
    }
    return { ok: problems.length === 0, schemaVersion, problems };
  } catch (error) {
    return {
      ok: false,
      problems: [`no es una base SQLite legible / not a readable SQLite file: ${(error as Error).message}`],
    };
  } finally {
    db?.close();
  }
}

export interface RestoreResult {
  /** Where the previous database (and its -wal/-shm) was moved; absent when there was none. */
  previous?: string;
  schemaVersion?: number;
}

export class RestoreRefusedError extends Error {
  constructor(readonly problems: string[]) {
    super(`la copia no es válida / the backup is not valid: ${problems.join('; ')}`);
    this.name = 'RestoreRefusedError';
  }
}

/**
 * `chasqui restore FILE`: takes the data-directory lock (throws DataDirLockedError while the bot
 * runs), verifies the file, moves the current database aside and puts a copy of the file in place.
 */
export function restoreDataDir(dataDir: string, file: string, now: Date = new Date()): RestoreResult {
  const lock = acquireDataDirLock(dataDir);
  try {
    const verification = verifyBackup(file);
    if (!verification.ok) throw new RestoreRefusedError(verification.problems);
    const target = path.join(dataDir, DB_FILE);
    const result: RestoreResult = {};
    if (verification.schemaVersion !== undefined) result.schemaVersion = verification.schemaVersion;
    if (existsSync(target)) {
      const aside = `${target}.before-restore-${backupFileName(now).slice(8, -3)}`;
      for (const suffix of ['', '-wal', '-shm']) {
        if (existsSync(target + suffix)) renameSync(target + suffix, aside + suffix);
      }
      result.previous = aside;
    }
    const partial = `${target}.restoring`;
    copyFileSync(file, partial);
    renameSync(partial, target);
    return result;
  } finally {
    lock.release();
  }
}

/** Deletes the oldest `chasqui-*.db` files in `dir` beyond the newest `keep`; returns what it removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => /^chasqui-\d{4}-\d{2}-\d{2}T[\d-]+\.db$/.test(name))
    .sort()
    .reverse();
  const removed = files.slice(keep).map((name) => path.join(dir, name));
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}
