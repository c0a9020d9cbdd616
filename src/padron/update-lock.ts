import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PadronError } from './errors.js';

/**
 * One padrón update per data directory, across processes and threads: SQLite's own exclusive
 * lock on `padron-work/update.lock`, a POSIX record lock the kernel drops when its holder dies.
 * A pid file would have to be judged stale after a `kill -9` (a dead pid, a reused one, a
 * container recreated under another host name): this lock leaves nothing behind to judge.
 * Nothing else may open that file (closing any descriptor on it drops the process's locks).
 */

const LOCK_FILE = 'update.lock';

export interface UpdateLock {
  /** Drops the lock. Idempotent. */
  release(): void;
}

/** Takes the lock or throws PadronError 'busy' at once (never waits). */
export function lockUpdates(workDir: string): UpdateLock {
  mkdirSync(workDir, { recursive: true });
  const db = new Database(path.join(workDir, LOCK_FILE), { timeout: 0 });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new PadronError(
        'busy',
        'ya hay una actualización del padrón en curso en este directorio de datos; espere a que termine',
      );
    }
    throw error;
  }
  return {
    release: () => {
      if (db.open) db.close();
    },
  };
}
