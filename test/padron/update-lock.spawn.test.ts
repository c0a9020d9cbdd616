import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PadronError } from '../../src/padron/errors.js';
import { removeLeftoversIfIdle, workDir } from '../../src/padron/files.js';
import { lockUpdates } from '../../src/padron/update-lock.js';

/**
 * The one-update-at-a-time lock, held by another process as `chasqui padron update` holds it:
 * refused while its holder lives, free the moment the holder is killed with SIGKILL (nothing on
 * disk to judge stale), and start-up cleanup never removes a running update's files.
 */

let dataDir: string;
let holder: ChildProcess | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-padron-lock-'));
});
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** A child process that takes the lock and keeps it until killed. */
async function holdInChild(): Promise<ChildProcess> {
  const code = `const { lockUpdates } = await import(${JSON.stringify(path.resolve('src/padron/update-lock.ts'))});
lockUpdates(${JSON.stringify(workDir(dataDir))});
process.stdout.write('locked\\n');
setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [first] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(first.toString()).toBe('locked\n');
  return child;
}

function busyReason(take: () => unknown): string | undefined {
  try {
    (take() as { release(): void }).release();
    return undefined;
  } catch (error) {
    if (error instanceof PadronError) return error.reason;
    throw error;
  }
}

describe('padrón update lock', () => {
  it('refuses a second holder in the same process until the first lets go', () => {
    const first = lockUpdates(workDir(dataDir));
    expect(busyReason(() => lockUpdates(workDir(dataDir)))).toBe('busy');
    first.release();
    first.release();
    expect(busyReason(() => lockUpdates(workDir(dataDir)))).toBeUndefined();
  });

  it('is refused while another process holds it, and free as soon as that process is killed -9', async () => {
    holder = await holdInChild();
    expect(busyReason(() => lockUpdates(workDir(dataDir)))).toBe('busy');
    const exited = once(holder, 'exit');
    holder.kill('SIGKILL');
    expect((await exited)[1]).toBe('SIGKILL');
    holder = undefined;
    expect(busyReason(() => lockUpdates(workDir(dataDir)))).toBeUndefined();
  }, 20_000);

  it("start-up cleanup leaves a running update's files alone and removes them once it is dead", async () => {
    holder = await holdInChild();
    const leftover = path.join(workDir(dataDir), 'edition-1-1.db');
    writeFileSync(leftover, 'half-built');
    expect(removeLeftoversIfIdle(dataDir)).toEqual([]);
    expect(readdirSync(workDir(dataDir))).toContain('edition-1-1.db');
    const exited = once(holder, 'exit');
    holder.kill('SIGKILL');
    await exited;
    holder = undefined;
    expect(removeLeftoversIfIdle(dataDir)).toEqual(['edition-1-1.db']);
  }, 20_000);
});
