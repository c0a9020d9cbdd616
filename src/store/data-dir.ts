import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { classifyOpenError, dataStoreError } from './open-errors.js';

/**
 * Owner-only permissions for the data directory (0700) and its files (0600): the WhatsApp
 * session, the key file and personal data must not be readable by other users of the machine.
 */

export const DB_FILE = 'chasqui.db';
/** Files tightened to 0600 when present. */
const PRIVATE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, 'chasqui.lock', 'secret.key'];

/** Creates the directory 0700 (or checks it is one) and throws a DataStoreError otherwise. */
export function ensureDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!statSync(dir).isDirectory()) throw dataStoreError('not-a-directory', dir);
  } catch (error) {
    throw classifyOpenError(error, dir, path.join(dir, DB_FILE)) ?? error;
  }
  const file = path.join(dir, DB_FILE);
  if (existsSync(file) && statSync(file).isDirectory()) throw dataStoreError('is-a-directory', file);
}

/**
 * Tightens the directory to 0700 and its private files to 0600; a looser mode found is logged
 * once per start (a fresh file that SQLite just created with the umask's mode is fixed silently).
 */
export function tightenPermissions(dir: string, logger?: Logger, fresh: readonly string[] = []): void {
  const loosened: string[] = [];
  const fix = (target: string, mode: number, silent: boolean) => {
    let current: number;
    try {
      current = statSync(target).mode & 0o777;
    } catch {
      return; // absent
    }
    if ((current & ~mode) === 0) return;
    try {
      chmodSync(target, mode);
      if (!silent) loosened.push(`${target} ${current.toString(8)}→${mode.toString(8)}`);
    } catch (error) {
      logger?.warn({ err: error, path: target }, 'could not tighten permissions');
    }
  };
  fix(dir, 0o700, false);
  for (const name of PRIVATE_FILES) fix(path.join(dir, name), 0o600, fresh.includes(name));
  if (loosened.length > 0) {
    logger?.warn({ files: loosened }, `tightened permissions of the data directory: ${loosened.join(', ')}`);
  }
}

/** Where the copy made before migrating from schema v<N> goes: `chasqui.db.bak-v<N>`. */
export function backupPath(dir: string, version: number): string {
  return path.join(dir, `${DB_FILE}.bak-v${version}`);
}
