import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Boom } from '@hapi/boom';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { acquireDataDirLock } from '../../src/store/lock.js';
import { createOutbox } from '../../src/store/outbox.js';
import { openDatabase } from '../../src/app/database.js';
import { fakeSocketFactory, waitFor, waText } from '../helpers/fake-socket.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-start-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function capture() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

function run(argv: string[] = [], extra: Parameters<typeof runStart>[1] = {}) {
  const out = capture();
  const fake = fakeSocketFactory();
  let stop!: () => void;
  const shutdown = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const exit = runStart(argv, {
    env: { CHASQUI_DATA_DIR: dir },
    stdout: out.stream,
    logger: pino({ level: 'silent' }),
    createSocket: fake.factory,
    shutdown,
    ...extra,
  });
  return { out, fake, stop, exit };
}

describe('chasqui start', () => {
  it('on a fresh data dir uses the embedded sandbox, says so, draws the QR and a one-line status', async () => {
    const { out, fake, stop, exit } = run();
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().emitQr('2@abc,def,ghi,jkl');
    await waitFor(() => out.text().includes('esperando vinculación'), 5000, 'QR');
    const text = out.text();
    expect(text).toContain('SANDBOX: LOOKUP_BASE_URL no está configurado');
    expect(text).toContain('DATOS FICTICIOS');
    expect(text).toContain('Dispositivos vinculados');
    expect(text).toMatch(/[▀▄█]{10,}/); // the QR drawn in half blocks (small mode)
    expect(text).toMatch(
      /\[chasqui\] WhatsApp: esperando vinculación \(QR\).*\| consultas: sandbox local.*\| datos: /,
    );
    stop();
    expect(await exit).toBe(0);
  });

  it('with --pair-phone shows the pairing code instead of the QR, and opens after the silent 515', async () => {
    const { out, fake, stop, exit } = run(['--pair-phone', '51987654321']);
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().emitQr();
    await waitFor(() => out.text().includes('ABCD-1234'), 5000, 'pairing code');
    expect(fake.latest().pairingRequests).toEqual(['51987654321']);
    expect(out.text()).not.toMatch(/[▀▄█]{10,}/);
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2, 5000, 'restart');
    fake.latest().open();
    await waitFor(() => out.text().includes('conectado / connected (51900000001)'), 5000, 'open');
    expect(out.text()).not.toContain('reintento');
    stop();
    expect(await exit).toBe(0);
  });

  it('refuses a second process on the same data directory', async () => {
    const other = acquireDataDirLock(dir, { pid: process.ppid });
    const { out, exit } = run();
    expect(await exit).toBe(5); // EXIT_CODES.locked
    expect(out.text()).toContain(`otro proceso (pid ${process.ppid}) ya usa el directorio ${dir}`);
    other.release();
  });

  it('stops with guidance to pair again when WhatsApp logs the session out', async () => {
    const { out, fake, exit } = run();
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2);
    fake.latest().close(401);
    expect(await exit).toBe(1);
    expect(out.text()).toContain('ejecute `chasqui start` otra vez para vincular');
  });

  it('reports a lost connection and its backoff instead of crashing (no network here)', async () => {
    const { out, fake, stop, exit } = run();
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().close(408);
    await waitFor(
      () => out.text().includes('sin conexión (código 408), reintento 1'),
      5000,
      'backoff status',
    );
    stop();
    expect(await exit).toBe(0);
  });

  it('prints an alert line when an outgoing message fails for good', async () => {
    const db = openDatabase({ dir }); // a reply left queued by the previous run
    const queued = createOutbox({ db, minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0 });
    queued.enqueue('120363000000000001@g.us', { kind: 'text', text: 'RUC 20123456786' });
    queued.close();
    db.close();
    const config = path.join(dir, 'fast-outbox.yaml');
    writeFileSync(config, 'whatsapp:\n  outbox: { minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0 }\n');
    const { out, fake, stop, exit } = run([], {
      env: { CHASQUI_DATA_DIR: dir, CHASQUI_CONFIG: config },
      outboxRetry: { maxFailures: 2, retryDelayMs: 1 },
    });
    fake.server.beforeSend = () => {
      throw new Boom('bad-request', { statusCode: 400 });
    };
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().open();
    await waitFor(() => out.text().includes('ATENCIÓN: un mensaje'), 5000, 'alert');
    expect(out.text()).toContain(
      'ATENCIÓN: un mensaje para 120363000000000001@g.us no se pudo enviar tras 2 intentos (bad-request)',
    );
    stop();
    expect(await exit).toBe(0);
  });

  it('marks every outgoing message as fictional when it runs on the embedded sandbox', async () => {
    const config = path.join(dir, 'group.yaml');
    writeFileSync(
      config,
      'groups: [{ id: "120363000000000001@g.us" }]\nwhatsapp:\n  outbox: { minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0 }\n',
    );
    const { fake, stop, exit } = run([], { env: { CHASQUI_DATA_DIR: dir, CHASQUI_CONFIG: config } });
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().open();
    fake.latest().upsert([waText('ruc 20123456786')]);
    await waitFor(() => fake.server.sent.length > 0, 10_000, 'reply');
    const reply = fake.server.sent[0]?.content as { text?: string };
    expect(reply.text).toContain('TRANSPORTES ANDINOS');
    expect(reply.text).toContain('Datos ficticios: Chasqui está en modo de prueba (sandbox)');
    stop();
    expect(await exit).toBe(0);
  });

  it('refuses the sandbox under NODE_ENV=production unless --sandbox, naming LOOKUP_BASE_URL', async () => {
    const refused = run([], { env: { CHASQUI_DATA_DIR: dir, NODE_ENV: 'production' } });
    expect(await refused.exit).toBe(6);
    expect(refused.out.text()).toContain('LOOKUP_BASE_URL');
    expect(refused.fake.sockets).toHaveLength(0);
    const allowed = run(['--sandbox'], { env: { CHASQUI_DATA_DIR: dir, NODE_ENV: 'production' } });
    await waitFor(() => allowed.fake.sockets.length === 1, 10_000, 'socket');
    allowed.stop();
    expect(await allowed.exit).toBe(0);
  });

  it('exits with the configuration code (3), like every subcommand, on a bad config', async () => {
    const { out, exit } = run([], { env: { CHASQUI_DATA_DIR: dir, CHASQUI_CREDITS_DAILY: 'mucho' } });
    expect(await exit).toBe(3);
    expect(out.text()).toContain('CHASQUI_CREDITS_DAILY');
  });

  it('stops with exit code 4 and the fix when the data directory is a file', async () => {
    const file = path.join(dir, 'not-a-dir');
    writeFileSync(file, 'x');
    const { out, exit } = run([], { env: { CHASQUI_DATA_DIR: file } });
    expect(await exit).toBe(4);
    expect(out.text()).toContain(`${file} es un archivo, pero debe ser una carpeta de datos`);
  });
});
