import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workDir } from '../../src/padron/files.js';
import { updatePadron } from '../../src/padron/importer.js';
import { openPadronReader } from '../../src/padron/reader.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

/**
 * `kill -9` during `chasqui padron update`, run as a user runs it (a child process through tsx):
 * the live edition keeps being served, the half-built file is the only trace, and the next update
 * runs at once and removes it (start-up cleanup: update-lock.spawn.test.ts).
 */

let sandbox: SandboxHandle;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, padronRows: 2_000 });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-padron-kill-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const building = () => readdirSync(workDir(dataDir)).filter((name) => name.startsWith('edition-'));

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('chasqui padron update killed with SIGKILL', () => {
  it('leaves the old edition served and only a leftover, and the next update runs at once and removes it', async () => {
    await updatePadron({ dataDir, url: `${sandbox.padronUrl}?edition=2026-11-20`, minRowFraction: 0.9 });
    const reader = openPadronReader(dataDir, { recheckMs: 0 });
    expect(reader.edition()?.edition).toBe('2026-11-20');

    // A slow download (a pause every 64 KiB) so the child is surely mid-import when killed.
    const slow = `${sandbox.padronUrl}?edition=2026-11-21&rows=200000&delay=40`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts', 'padron', 'update', '--url', slow],
      {
        env: { ...process.env, CHASQUI_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await waitFor(() => building().length > 0, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    expect(building(), building().join()).toHaveLength(1);
    expect(reader.edition()?.edition).toBe('2026-11-20');
    expect(reader.lookupRuc('20123456786')?.name).toBe('TRANSPORTES ANDINOS DEL SUR S.A.C.');

    // The next update, right away: the dead child's lock died with it, its half-built file goes.
    const next = await updatePadron({
      dataDir,
      url: `${sandbox.padronUrl}?edition=2026-11-22`,
      minRowFraction: 0.9,
    });
    expect(next.status).toBe('updated');
    expect(building()).toEqual([]);
    expect(reader.edition()?.edition).toBe('2026-11-22');
    reader.close();
  }, 40_000);
});
