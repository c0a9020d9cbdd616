import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE } from '../store/data-dir.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { flushPending } from '../store/write-behind.js';

/**
 * Backups of the one SQLite database with SQLite's online backup API: consistent while the bot
 * writes (WAL readers never block the writer), without taking the data-directory lock. A backup
 * holds the WhatsApp session keys, so every copy is 0600 from its first byte, in a 0700 folder.
 */

export { DB_FILE };

/** `<dir>/chasqui-2026-03-14T08-30-00.db`: sortable by name. */
export function backupFileName(at: Date): string {
  return `chasqui-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.db`;
}

/** The backup folder a data directory uses by default (`chasqui backup` without FILE). */
export function defaultBackupDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

export interface BackupResult {
  file: string;
  bytes: number;
}

/** `chasqui backup FILE` onto a file that exists, without --force. */
export class BackupExistsError extends Error {
  constructor(readonly file: string) {
    super(
      `${file} ya existe: use --force para reemplazarlo, u otro nombre / ${file} exists: pass --force to overwrite it`,
    );
    this.name = 'BackupExistsError';
  }
}

export interface BackupOptions {
  /** Replace an existing file (else BackupExistsError, and the file is left as it was). */
  force?: boolean;
  /** Our own backup folder: made or tightened to 0700 (an operator's folder is only created so). */
  privateDir?: boolean;
}

/** Creates the folder 0700; an existing one is tightened only when it is ours. */
function prepareDir(dir: string, tighten: boolean): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (tighten) chmodSync(dir, 0o700);
}

/**
 * Copies an open database into `file` through `<file>.partial`, created empty with mode 0600 so
 * the copy is never readable by others, then moved into place (refusing to clobber unless forced).
 */
export async function backupOpenDatabase(
  db: SqliteDatabase,
  file: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  prepareDir(path.dirname(path.resolve(file)), options.privateDir ?? false);
  if (!options.force && existsSync(file)) throw new BackupExistsError(file);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true }); // left by a copy killed half way
  closeSync(openSync(partial, 'wx', 0o600));
  try {
    flushPending(db); // rows written behind (usage log, edit notes) go into the copy
    await db.backup(partial);
    chmodSync(partial, 0o600);
    if (options.force) renameSync(partial, file);
    else {
      linkSync(partial, file); // fails if the file appeared meanwhile: never clobbered
      unlinkSync(partial);
    }
  } catch (error) {
    rmSync(partial, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupExistsError(file);
    throw error;
  }
  return { file, bytes: statSync(file).size };
}

/**
 * `chasqui backup`: copies `<dataDir>/chasqui.db` through a read-only connection, so it runs
 * beside `chasqui start` (no lock, no migration, no write to the live file).
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const source = path.join(dataDir, DB_FILE);
  if (!existsSync(source)) throw new Error(`no hay base de datos en ${source} / no database at ${source}`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return await backupOpenDatabase(db, file, options);
  } finally {
    db.close();
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

/** What a copy killed half way leaves: a backup's `.partial` (and its journal), a restore's `.restoring`. */
const LEFTOVER = /^chasqui(-\d{4}-\d{2}-\d{2}T[\d-]+\.db\.partial(-journal)?|\.db\.restoring)$/u;
/** Copies of the database kept beside it or in a backup folder: the session keys are in each. */
const COPY = /^chasqui(-\d{4}-\d{2}-\d{2}T[\d-]+\.db|\.db\.(before-restore-.+|bak-v\d+))(-wal|-shm)?$/u;

/**
 * At start: removes what a `kill -9` during a backup or restore left in the data directory and
 * the backup folders, and tightens the copies older versions wrote world-readable (0600 files,
 * 0700 folders). Returns what it removed and what it tightened.
 */
export function secureBackups(
  dataDir: string,
  backupDirs: readonly string[],
): { removed: string[]; tightened: string[] } {
  const removed: string[] = [];
  const tightened: string[] = [];
  for (const dir of [dataDir, ...backupDirs]) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    if (dir !== dataDir && (statSync(dir).mode & 0o077) !== 0) {
      chmodSync(dir, 0o700);
      tightened.push(dir);
    }
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (LEFTOVER.test(name)) {
        rmSync(file, { force: true });
        removed.push(file);
      } else if (COPY.test(name) && (statSync(file).mode & 0o077) !== 0) {
        chmodSync(file, 0o600);
        tightened.push(file);
      }
    }
  }
  return { removed, tightened };
}
