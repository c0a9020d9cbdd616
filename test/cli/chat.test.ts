import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat } from '../../src/cli/chat.js';
import { createTemplates } from '../../src/render/templates.js';
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

/** An interactive session (stdin is a TTY, no --json): what `runSchedules` depends on. */
async function interactiveChat(argv: string[], env: NodeJS.ProcessEnv) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stdout.resume();
  stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  stdin.end('ayuda\n');
  const code = await runChat(argv, { stdin, stdout, stderr, env: { LOG_LEVEL: 'info', ...env } });
  return { code, err };
}

describe('chasqui chat and scheduled posts', () => {
  it('never runs the scheduler on a persistent data dir unless --schedules', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-chat-sched-'));
    try {
      const quiet = await interactiveChat(['--data-dir', dataDir], {});
      expect(quiet.code).toBe(0);
      expect(quiet.err).not.toContain('scheduler started');
      const asked = await interactiveChat(['--data-dir', dataDir, '--schedules'], {});
      expect(asked.code).toBe(0);
      expect(asked.err).toContain('scheduler started');
      const temp = await interactiveChat([], {});
      expect(temp.err).toContain('scheduler started');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

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

  it('--explain prints the reading of each message before its replies; """ blocks are one message', async () => {
    const mark = '"""';
    const lines = ['ruc 20123456786', mark, 'buenos días', 'placa abc-123', 'gracias', mark, 'ok gracias'];
    const result = await chat(lines, ['--json', '--explain']);
    const printed = result.json() as unknown as Record<string, unknown>[];
    expect(printed.map((line) => ('reading' in line ? `reading ${String(line.text)}` : 'reply'))).toEqual([
      'reading ruc 20123456786',
      'reply',
      'reading buenos días\nplaca abc-123\ngracias',
      'reply',
      'reading ok gracias',
    ]);
    expect(printed[2]).toMatchObject({ reading: { act: 'request', command: 'placa' } });
    expect(printed[4]).toMatchObject({ reading: { act: 'thanks', because: ['social:thanks'] } });
    const plain = await chat(['ruc 20123456786'], ['--explain']);
    expect(plain.out.split('\n')[0]).toBe(
      '» pedido · ruc · ruc = 20123456786 [command:ruc, slot:ruc, ruc-digits]',
    );
  });

  it('rejects unknown flags with exit code 2 and the usage', async () => {
    const result = await chat([], ['--bogus']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Uso: chasqui chat/);
  });

  it('stops with the key named when the config is invalid', async () => {
    const result = await chat(['ruc 20123456786'], ['--json'], { CHASQUI_RATE_LIMIT_PER_MINUTE: 'muchos' });
    expect(result.code).toBe(3); // EXIT_CODES.config, the same from every subcommand
    expect(result.err).toMatch(/CHASQUI_RATE_LIMIT_PER_MINUTE/);
  });

  it('answers every line of a long piped script: no per-user limit of 10/min unless configured', async () => {
    const lines = Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? 'placa abc-123' : 'placa 12'));
    const result = await chat(lines);
    expect(result.code).toBe(0);
    const replies = result.json();
    expect(replies).toHaveLength(15);
    expect(replies.filter((reply) => reply.text.includes('VOLVO'))).toHaveLength(8);
    expect(replies.some((reply) => /Vas muy rápido/.test(reply.text))).toBe(false);
  });

  it('keeps an explicit CHASQUI_RATE_LIMIT_PER_MINUTE and answers the excess once', async () => {
    const result = await chat(['placa 12', 'placa 12', 'placa 12', 'placa 12'], ['--json'], {
      CHASQUI_RATE_LIMIT_PER_MINUTE: '2',
    });
    const replies = result.json();
    expect(replies).toHaveLength(3);
    expect(replies[2]?.text).toMatch(/^Vas muy rápido\. Espera \d+ segundos antes/);
  });

  it('keeps a rateLimitPerMinute set in the config file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-chat-conf-'));
    dirs.push(dir);
    const file = path.join(dir, 'chasqui.yaml');
    writeFileSync(file, 'rateLimitPerMinute: 1\n');
    const replies = (
      await chat(['placa 12', 'placa 12', 'placa 12'], ['--json'], { CHASQUI_CONFIG: file })
    ).json();
    expect(replies).toHaveLength(2);
    expect(replies[1]?.text).toMatch(/Vas muy rápido/);
  });

  it('says "1 segundo" in the singular and "N segundos" otherwise', () => {
    const templates = createTemplates();
    expect(templates.render('errors/rate-limited-user', { seconds: 1 })).toContain('Espera 1 segundo antes');
    expect(templates.render('errors/rate-limited-user', { seconds: 42 })).toContain(
      'Espera 42 segundos antes',
    );
    expect(templates.render('errors/rate-limited-user', {})).toContain('Espera un momento antes');
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

    it('grupos without MESSAGING_BASE_URL names the missing setting instead of a generic error', async () => {
      const result = await chat(['grupos'], ['--json'], {
        LOOKUP_BASE_URL: sandbox.baseUrl,
        LOOKUP_TOKEN: 'otro-token',
      });
      expect(result.code).toBe(0);
      const [reply] = result.json();
      expect(reply?.text).toContain('MESSAGING_BASE_URL');
      expect(reply?.text).not.toMatch(/Algo salió mal/);
      expect(result.err).not.toMatch(/\n\s+at /);
      expect(result.err).not.toMatch(/"level":50/);
    });
  });
});
