import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, processStartTime } from '../../src/store/lock.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-lock-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A pid that certainly is not running: a child that already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, naming its pid and the directory', () => {
    const first = acquireDataDirLock(dir);
    // A second `chasqui start`: another live process (our parent stands in for it).
    const attempt = () => acquireDataDirLock(dir, { pid: process.ppid });
    expect(attempt).toThrow(DataDirLockedError);
    expect(attempt).toThrow(`otro proceso (pid ${process.pid}) ya usa el directorio ${dir}`);
    first.release();
  });

  it('can be taken again after release', () => {
    acquireDataDirLock(dir).release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = acquireDataDirLock(dir, { pid: process.ppid });
    expect(JSON.parse(readFileSync(again.file, 'utf8')).pid).toBe(process.ppid);
    again.release();
  });

  it('takes over a stale lock left by a dead process', () => {
    const pid = deadPid();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, host: os.hostname(), nonce: 'old' }));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock with our own pid (a restarted container is pid 1 again)', () => {
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: os.hostname(), nonce: 'x' }),
    );
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reused after a restart)', () => {
    const holder = { pid: process.ppid, host: os.hostname(), nonce: 'old', started: '1' };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it("writes the holder's process start time into the lock file", () => {
    const lock = acquireDataDirLock(dir);
    const started = processStartTime(process.pid);
    expect(started).toMatch(/^\d+$/); // Linux: clock ticks since boot
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).started).toBe(started);
    lock.release();
  });

  it('takes over a lock whose pid is alive but started at another time than the holder it names', () => {
    // The previous Chasqui (standing in: our parent's pid) wrote its lock, then died; its pid
    // number now belongs to a live process that started later.
    const previous = acquireDataDirLock(dir, { pid: process.ppid });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError); // same start time: still held
    const lock = acquireDataDirLock(dir, {
      startTime: (pid) => (pid === process.ppid ? 'started-later' : processStartTime(pid)),
    });
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    previous.release();
  });

  it('takes over an unreadable (half-written) lock file', () => {
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    acquireDataDirLock(dir).release();
  });

  it('respects a lock from another host while its heartbeat is fresh, not once it stopped', () => {
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'other-container', nonce: 'n' }));
    expect(() => acquireDataDirLock(dir, { staleMs: 60_000 })).toThrow(/pid 1 en other-container/);
    const old = new Date(Date.now() - 120_000);
    utimesSync(file, old, old);
    acquireDataDirLock(dir, { staleMs: 60_000 }).release();
  });

  it('does not remove a lock that another process took over after us', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.file, JSON.stringify({ pid: process.ppid, host: os.hostname(), nonce: 'theirs' }));
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});
