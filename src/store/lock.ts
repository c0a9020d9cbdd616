import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process per data directory. Two processes on the same WhatsApp creds make the server close
 * one of them with 440 "connection replaced", over and over; the lock turns that into a clear
 * refusal at start. The lock file holds pid, host, the pid's start time and a nonce; a lock whose
 * pid is dead or now belongs to a process started at another time (same host), or whose
 * heartbeat stopped (another host/container sharing the volume), is taken over.
 */

export const LOCK_FILE = 'chasqui.lock';
/** How often the holder refreshes the lock's mtime (the container health check reads it too). */
export const LOCK_HEARTBEAT_MS = 30_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dir: string,
    readonly host: string,
  ) {
    super(
      `otro proceso (pid ${pid}${host !== hostname() ? ` en ${host}` : ''}) ya usa el directorio ${dir}; ` +
        `deténgalo o use otro --data-dir / another process (pid ${pid}) already uses ${dir}`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock if it is still ours. Idempotent. */
  release(): void;
}

export interface LockOptions {
  /** Heartbeat period (mtime refresh), default 30 s. */
  heartbeatMs?: number;
  /** A foreign-host lock without heartbeat for this long is stale (default 3 heartbeats). */
  staleMs?: number;
  pid?: number;
  isAlive?: (pid: number) => boolean;
  /** Start time of a pid (default: from /proc on Linux); written to the lock and compared. */
  startTime?: (pid: number) => string | undefined;
}

interface LockContent {
  pid: number;
  host: string;
  nonce: string;
  /** Kernel start time of the holder (Linux), to tell a reused pid from the real holder. */
  started?: string;
}

/** Start time of a process from /proc (Linux); undefined elsewhere or when it is gone. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** True when a process with this pid exists (EPERM: exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    if (
      typeof parsed.pid === 'number' &&
      typeof parsed.host === 'string' &&
      typeof parsed.nonce === 'string'
    ) {
      return parsed as LockContent;
    }
  } catch {
    // unreadable or half-written: treated as stale
  }
  return undefined;
}

/** Acquires `<dir>/chasqui.lock` or throws DataDirLockedError naming the holder. */
export function acquireDataDirLock(dir: string, options: LockOptions = {}): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const heartbeatMs = options.heartbeatMs ?? LOCK_HEARTBEAT_MS;
  const staleMs = options.staleMs ?? heartbeatMs * 3;
  const isAlive = options.isAlive ?? processAlive;
  const startTime = options.startTime ?? processStartTime;
  const pid = options.pid ?? process.pid;
  const own: LockContent = { pid, host: hostname(), nonce: randomBytes(8).toString('hex') };
  // What a later start compares against to tell us from another process that reused our pid.
  const started = startTime(pid);
  if (started !== undefined) own.started = started;

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(own));
      } finally {
        closeSync(fd);
      }
      return holdLock(file, own, heartbeatMs);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(file);
    if (holder && holderIsLive(file, holder, own, staleMs, isAlive, startTime)) {
      throw new DataDirLockedError(holder.pid, dir, holder.host);
    }
    // Stale: remove it only if it is still the very file we judged (narrows the takeover race).
    const again = readLock(file);
    if (again?.nonce === holder?.nonce) {
      try {
        unlinkSync(file);
      } catch {
        // someone else removed it first; retry the exclusive create
      }
    }
  }
  const holder = readLock(file);
  throw new DataDirLockedError(holder?.pid ?? 0, dir, holder?.host ?? hostname());
}

function holderIsLive(
  file: string,
  holder: LockContent,
  own: LockContent,
  staleMs: number,
  isAlive: (pid: number) => boolean,
  startTime: (pid: number) => string | undefined,
): boolean {
  if (holder.host === own.host) {
    // Same pid as ours: a previous life of this container (pid 1 again) left it behind.
    if (holder.pid === own.pid || !isAlive(holder.pid)) return false;
    // A live pid with another start time is a different process that reused the number.
    const started = holder.started === undefined ? undefined : startTime(holder.pid);
    return started === undefined || started === holder.started;
  }
  try {
    return Date.now() - statSync(file).mtimeMs < staleMs;
  } catch {
    return false;
  }
}

function holdLock(file: string, own: LockContent, heartbeatMs: number): DataDirLock {
  let released = false;
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      if (readLock(file)?.nonce === own.nonce) utimesSync(file, now, now);
    } catch {
      // the data dir vanished; nothing to refresh
    }
  }, heartbeatMs);
  heartbeat.unref();
  const release = (): void => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    try {
      if (readLock(file)?.nonce === own.nonce) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { file, release };
}
