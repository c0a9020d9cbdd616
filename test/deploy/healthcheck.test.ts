import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS } from '../../src/config.js';
import { HEALTHCHECK_DEFAULTS, healthTarget, runHealthcheck } from '../../src/ops/healthcheck.js';
import { acquireDataDirLock, type DataDirLock, LOCK_FILE, LOCK_HEARTBEAT_MS } from '../../src/store/lock.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let dataDir: string;
let lock: DataDirLock | undefined;
let server: Server | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-health-'));
});

afterEach(async () => {
  lock?.release();
  lock = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** A stand-in console answering /healthz with `status`; returns its port. */
async function consoleAnswering(status: number): Promise<number> {
  server = createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? status : 404).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as AddressInfo).port;
}

/** The HEALTHCHECK's exec-form command, read from the Dockerfile as Docker reads it. */
function dockerHealthcheck(): string[] {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const cmd = /^HEALTHCHECK .*?\bCMD (\[.*\])\s*$/m.exec(dockerfile)?.[1];
  expect(cmd, 'the Dockerfile has an exec-form HEALTHCHECK CMD').toBeDefined();
  return JSON.parse(cmd!) as string[];
}

/**
 * Runs the Dockerfile's HEALTHCHECK command in the repository (the image's WORKDIR holds the same
 * files), without blocking: a stand-in console in this process must be able to answer.
 */
function runDockerHealthcheck(
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  const [command, ...args] = dockerHealthcheck();
  return new Promise((resolve, reject) => {
    const child = spawn(command === 'node' ? process.execPath : command!, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 15_000,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output: output.trim() }));
  });
}

describe('container health check', () => {
  it('uses the same defaults as chasqui start', () => {
    expect(HEALTHCHECK_DEFAULTS).toEqual({
      consolePort: CONFIG_DEFAULTS.consolePort,
      consoleHost: CONFIG_DEFAULTS.consoleHost,
      dataDir: CONFIG_DEFAULTS.dataDir,
    });
  });

  it('asks /healthz on the configured port, on loopback when the console listens everywhere', () => {
    expect(healthTarget({})).toEqual({ kind: 'http', url: 'http://127.0.0.1:8390/healthz' });
    expect(healthTarget({ CHASQUI_CONSOLE_PORT: ' 9000 ', CHASQUI_CONSOLE_HOST: '0.0.0.0' })).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:9000/healthz',
    });
    expect(healthTarget({ CHASQUI_CONSOLE_PORT: '', CHASQUI_CONSOLE_HOST: '::1' })).toEqual({
      kind: 'http',
      url: 'http://[::1]:8390/healthz',
    });
  });

  it('with the console on: healthy on 200, unhealthy on another status or no answer', async () => {
    const port = await consoleAnswering(200);
    expect(await runHealthcheck({ CHASQUI_CONSOLE_PORT: String(port) })).toEqual({
      ok: true,
      message: `ok: http://127.0.0.1:${port}/healthz respondió 200`,
    });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const refused = await runHealthcheck({ CHASQUI_CONSOLE_PORT: String(port) });
    expect(refused).toEqual({
      ok: false,
      message: `falla: http://127.0.0.1:${port}/healthz no responde (ECONNREFUSED)`,
    });
    const failing = await consoleAnswering(500);
    expect((await runHealthcheck({ CHASQUI_CONSOLE_PORT: String(failing) })).ok).toBe(false);
  });

  it('with the console off: healthy while a live process holds the data directory with a recent heartbeat', async () => {
    const env = { CHASQUI_CONSOLE_PORT: 'off', CHASQUI_DATA_DIR: dataDir };
    const nobody = await runHealthcheck(env);
    expect(nobody.ok).toBe(false);
    expect(nobody.message).toContain('nadie tiene el candado');

    lock = acquireDataDirLock(dataDir);
    const held = await runHealthcheck(env);
    expect(held).toEqual({
      ok: true,
      message: `ok: consola apagada (CHASQUI_CONSOLE_PORT=off); el proceso ${process.pid} tiene el candado, latido hace 0 s`,
    });

    // A heartbeat older than three periods: the holder's event loop has stopped.
    const file = path.join(dataDir, LOCK_FILE);
    const then = new Date(Date.now() - 3 * LOCK_HEARTBEAT_MS - 10_000);
    utimesSync(file, then, then);
    const stuck = await runHealthcheck(env);
    expect(stuck.ok).toBe(false);
    expect(stuck.message).toMatch(/latido del proceso \d+ tiene 10\d s: no responde/);
  });

  it('with the console off: unhealthy when the lock names a process that is gone', async () => {
    const gone = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: Number(gone), host: os.hostname(), nonce: 'x' }),
    );
    const result = await runHealthcheck({ CHASQUI_CONSOLE_PORT: '0', CHASQUI_DATA_DIR: dataDir });
    expect(result).toEqual({
      ok: false,
      message: `falla: consola sin puerto fijo (0); el proceso del candado ${path.join(dataDir, LOCK_FILE)} ya no existe`,
    });
  });

  // The Dockerfile's own command (as built into the image: bin/healthcheck.js over dist/).
  it('the Dockerfile HEALTHCHECK passes with CHASQUI_CONSOLE_PORT=off while chasqui start runs', async () => {
    expect(existsSync(path.join(ROOT, 'dist/src/ops/healthcheck.js')), 'dist/ is built (npm run build)').toBe(
      true,
    );
    const env = { CHASQUI_CONSOLE_PORT: 'off', CHASQUI_DATA_DIR: dataDir };
    expect((await runDockerHealthcheck(env)).status).toBe(1); // nothing runs yet
    lock = acquireDataDirLock(dataDir);
    const running = await runDockerHealthcheck(env);
    expect(running.status, running.output).toBe(0);
    expect(running.output).toContain('consola apagada');
  });

  it('the Dockerfile HEALTHCHECK asks the configured console port', async () => {
    const port = await consoleAnswering(200);
    const result = await runDockerHealthcheck({
      CHASQUI_CONSOLE_PORT: String(port),
      CHASQUI_CONSOLE_HOST: '0.0.0.0',
    });
    expect(result).toEqual({ status: 0, output: `ok: http://127.0.0.1:${port}/healthz respondió 200` });
  });
});
