import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { runCli } from '../helpers/cli.js';
import { waitFor } from '../helpers/fake-socket.js';
import { startOnFakeSocket } from '../helpers/whatsapp-app.js';

/** Issue 10's CLI checks, run as a user runs the CLI: a child process, through tsx (no build). */
const TIMEOUT = { timeout: 60_000 };

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { chat: string; text?: string; document?: { fileName: string } });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-cli-safety-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('chasqui CLI, safe to leave running', () => {
  it('chat --data-dir D leaves D 0700 and D/chasqui.db 0600', TIMEOUT, async () => {
    const data = path.join(dir, 'D');
    const result = await runCli(['chat', '--json', '--data-dir', data], 'tc\n');
    expect(result.code, result.stderr).toBe(0);
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(data, 'chasqui.db')).mode & 0o777).toBe(0o600);
  });

  it('refuses a database with a newer schema and leaves it unchanged', TIMEOUT, async () => {
    const file = path.join(dir, 'chasqui.db');
    const raw = new Database(file);
    raw.pragma('user_version = 999');
    raw.close();
    const before = createHash('sha256').update(readFileSync(file)).digest('hex');
    const result = await runCli(['chat', '--json', '--data-dir', dir], 'tc\n');
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('v999');
    expect(result.stderr).toContain(file);
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(before);
  });

  it('refuses chat on a data directory that chasqui start holds', TIMEOUT, async () => {
    const { fake, stop, exit: start } = startOnFakeSocket([], { env: { CHASQUI_DATA_DIR: dir } });
    try {
      await waitFor(() => fake.sockets.length === 1, 20_000, 'start running');
      const result = await runCli(['chat', '--json', '--data-dir', dir], 'tc\n');
      expect(result.code).toBe(5);
      expect(result.stderr).toContain(`ya usa el directorio ${dir}`);
      expect(result.stdout).toBe('');
    } finally {
      stop();
      await start;
    }
  });

  it(
    'NODE_ENV=production chasqui start without LOOKUP_BASE_URL exits non-zero naming it',
    TIMEOUT,
    async () => {
      const result = await runCli(['start', '--data-dir', dir], '', { NODE_ENV: 'production' });
      expect(result.code).toBe(6);
      expect(result.stdout).toContain('LOOKUP_BASE_URL');
    },
  );

  it(
    'with CHASQUI_CREDITS_DAILY=2 a third distinct ruc gets the budget reply; the API saw two',
    TIMEOUT,
    async () => {
      const sandbox = await startSandbox({ port: 0 });
      try {
        const result = await runCli(
          ['chat', '--json'],
          'ruc 20123456786\nruc 20601234565\nruc 20612345679\n',
          { LOOKUP_BASE_URL: sandbox.baseUrl, LOOKUP_TOKEN: sandbox.token, CHASQUI_CREDITS_DAILY: '2' },
        );
        expect(result.code, result.stderr).toBe(0);
        const replies = jsonLines(result.stdout).filter((line) => line.chat.endsWith('@g.us'));
        expect(replies).toHaveLength(3);
        expect(replies[2]?.text).toContain('No puedo hacer más consultas pagadas hoy');
        expect(replies[0]?.text).not.toContain('No puedo hacer más consultas');
        expect(sandbox.requestCount('/ruc')).toBe(2);
      } finally {
        await sandbox.close();
      }
    },
  );

  it('guia … enviar three times in a row sends each registered driver one PDF', TIMEOUT, async () => {
    const config = path.join(dir, 'chasqui.yaml');
    writeFileSync(config, 'drivers:\n  "41234567": "+51 911 111 111"\n  "70123456": "+51 922 222 222"\n');
    const result = await runCli(
      ['chat', '--json', '--out', dir],
      'guia T001-42 enviar\nguia T001-42 enviar\nguia T001-42 enviar\n',
      { CHASQUI_CONFIG: config },
    );
    expect(result.code, result.stderr).toBe(0);
    const toDrivers = jsonLines(result.stdout).filter((line) => line.chat.endsWith('@s.whatsapp.net'));
    expect(toDrivers.map((line) => `${line.chat} ${line.document?.fileName}`).sort()).toEqual([
      '51911111111@s.whatsapp.net GRE-20123456786-T001-42.pdf',
      '51922222222@s.whatsapp.net GRE-20123456786-T001-42.pdf',
    ]);
  });
});
