import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lockUpdates, type UpdateLock } from './update-lock.js';

/**
 * Where the mirror lives in the data directory: the live edition `padron.db` beside chasqui.db,
 * and `padron-work/` for the edition being built and the lock of the one update at a time
 * (update-lock.ts). An edition becomes live by one rename (atomic on the same file system) after
 * it is synced; a process killed mid-build leaves only files in `padron-work/`, removed by the
 * next update or start.
 */

const LIVE_FILE = 'padron.db';
const WORK_DIR = 'padron-work';
const BUILD_PREFIX = 'edition-';

export function livePath(dataDir: string): string {
  return path.join(dataDir, LIVE_FILE);
}

export function workDir(dataDir: string): string {
  return path.join(dataDir, WORK_DIR);
}

/** A fresh path for an edition under construction. */
export function buildPath(dataDir: string, now: Date): string {
  return path.join(workDir(dataDir), `${BUILD_PREFIX}${now.getTime()}-${process.pid}.db`);
}

/**
 * Removes what an interrupted update left (half-built editions and their journals). Call with
 * the update lock held, or when no update can be running (start-up); returns the names removed.
 */
export function removeLeftovers(dataDir: string): string[] {
  const dir = workDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const leftovers = names.filter((name) => name.startsWith(BUILD_PREFIX));
  for (const name of leftovers) rmSync(path.join(dir, name), { force: true });
  return leftovers;
}

/** Removes leftovers unless an update is running right now (then they are its own files). */
export function removeLeftoversIfIdle(dataDir: string): string[] {
  let lock: UpdateLock;
  try {
    lock = lockUpdates(workDir(dataDir));
  } catch {
    return [];
  }
  try {
    return removeLeftovers(dataDir);
  } finally {
    lock.release();
  }
}

function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes a finished edition live: synced to disk first, then renamed over `padron.db` and the
 * directory synced, so after a crash the data directory holds the old edition or the new one.
 * Readers that have the old file open keep reading it until they reopen.
 */
export function swapIn(dataDir: string, built: string): void {
  fsyncPath(built);
  renameSync(built, livePath(dataDir));
  fsyncPath(dataDir);
}
