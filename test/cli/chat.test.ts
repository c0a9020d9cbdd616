import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat } from '../../src/cli/chat.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

/** Runs `chasqui chat` in-process with piped stdin; returns exit code, stdout and stderr. */
async function chat(lines: string[], argv: string[] = ['--json'], env: NodeJS.ProcessEnv = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => {
    out += String(chunk);
  });
  stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  stdin.end(lines.map((line) => `${line}\n`).join(''));
  const code = await runChat(argv, { stdin, stdout, stderr, env });
  const json = () =>
    out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { chat: string; text: string });
  return { code, out, err, json };
}

const DESPACHO = '120363000000000001@g.us';

describe('chasqui chat (in-process)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answers piped messages in order as JSON, silent on chatter, and says loudly it uses the sandbox', async () => {
    const result = await chat([
      'ruc 20123456786',
      'la placa del camión está sucia',
      'placa abc-123',
      'placa 12',
    ]);
    expect(result.code).toBe(0);
    const replies = result.json();
    expect(replies).toHaveLength(3);
    expect(replies.map((reply) => reply.chat)).toEqual([DESPACHO, DESPACHO, DESPACHO]);
    expect(replies[0]?.text).toContain('TRANSPORTES ANDINOS DEL SUR');
    expect(replies[1]?.text).toContain('ABC123');
    expect(replies[2]?.text).toContain('«12»');
    expect(result.err).toMatch(/SANDBOX/);
    expect(result.err).toMatch(/DATOS FICTICIOS/);
  });

  it('acts as an admin in a group marked for personal data by default', async () => {
    const [grupos, dni] = (await chat(['grupos', 'dni 45678912'])).json();
    expect(grupos?.text).toContain('Despacho Lima');
    expect(dni?.text).toContain('QUISPE MAMANI');
  });

  it('--no-admin makes admin-only commands answer with a denial', async () => {
    const [reply] = (await chat(['grupos'], ['--json', '--no-admin'])).json();
    expect(reply?.text).toMatch(/solo para administradores/);
  });

  it('--group picks another sandbox group, allowed but without personal data', async () => {
    const replies = (
      await chat(['dni 45678912', 'ruc 20123456786'], ['--json', '--group', 'Contabilidad'])
    ).json();
    expect(replies.map((reply) => reply.chat)).toEqual([
      '120363000000000002@g.us',
      '120363000000000002@g.us',
    ]);
    expect(replies[0]?.text).not.toContain('QUISPE');
    expect(replies[0]?.text).toMatch(/datos personales/i);
    expect(replies[1]?.text).toContain('TRANSPORTES ANDINOS DEL SUR');
  });

  it('--direct and --user talk in a direct chat as that number', async () => {
    const [reply] = (
      await chat(['tc 2026-11-20'], ['--json', '--direct', '--user', '+51 911 222 333'])
    ).json();
    expect(reply?.chat).toBe('51911222333@s.whatsapp.net');
    expect(reply?.text).toMatch(/Tipo de cambio/);
  });

  it('--data-dir keeps state between runs (a deactivated group stays silent)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-chat-test-'));
    dirs.push(dataDir);
    const first = await chat(['desactivar'], ['--json', '--data-dir', dataDir]);
    expect(first.json()).toHaveLength(1);
    const second = await chat(['ruc 20123456786'], ['--json', '--data-dir', dataDir]);
    expect(second.code).toBe(0);
    expect(second.out).toBe('');
    expect(readdirSync(dataDir)).toContain('chasqui.db');
  });

  it('prints plain text without --json', async () => {
    const result = await chat(['ruc 20123456786'], []);
    expect(result.out).toMatch(/^\*TRANSPORTES ANDINOS DEL SUR S\.A\.C\.\*\n/);
  });

  it('rejects unknown flags with exit code 2 and the usage', async () => {
    const result = await chat([], ['--bogus']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Uso: chasqui chat/);
  });

  it('stops with the key named when the config is invalid', async () => {
    const result = await chat(['ruc 20123456786'], ['--json'], { CHASQUI_RATE_LIMIT_PER_MINUTE: 'muchos' });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/CHASQUI_RATE_LIMIT_PER_MINUTE/);
  });

  describe('with LOOKUP_BASE_URL set', () => {
    let sandbox: SandboxHandle;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, token: 'otro-token' });
    });
    afterAll(async () => {
      await sandbox.close();
    });

    it('uses the configured API instead of starting the sandbox', async () => {
      const result = await chat(['ruc 20123456786'], ['--json'], {
        LOOKUP_BASE_URL: sandbox.baseUrl,
        LOOKUP_TOKEN: 'otro-token',
      });
      expect(result.err).not.toMatch(/SANDBOX/);
      expect(result.json()[0]?.text).toContain('TRANSPORTES ANDINOS');
      expect(sandbox.requestCount('/ruc')).toBe(1);
    });
  });
});
