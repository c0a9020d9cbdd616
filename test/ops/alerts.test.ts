import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookSink } from '../../src/ops/alert-webhook.js';
import { ALERT_KINDS, createAlerts, formatAlert } from '../../src/ops/alerts.js';
import { waitFor } from '../helpers/fake-socket.js';
import { startOnFakeSocket } from '../helpers/whatsapp-app.js';

interface Received {
  body: Record<string, unknown>;
  status: number;
}

/** A webhook receiver on 127.0.0.1 answering the given statuses in turn (then 200). */
async function receiver(statuses: number[]): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      received.push({ body: JSON.parse(text) as Record<string, unknown>, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/chasqui-secret`, received, server };
}

let dir: string;
let server: Server | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-alerts-'));
});

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('alert webhook', () => {
  it('receives a logout alert from chasqui start, retrying after a 500', async () => {
    const hook = await receiver([500]);
    server = hook.server;
    const { out, fake, exit } = startOnFakeSocket([], {
      env: { CHASQUI_DATA_DIR: dir, CHASQUI_CONSOLE_PORT: 'off', CHASQUI_ALERT_WEBHOOK: hook.url },
    });
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2, 5000, 'restart');
    fake.latest().close(401);
    expect(await exit).toBe(1);
    expect(out.text()).toContain('ejecute `chasqui start` otra vez');
    expect(hook.received.map((r) => r.status)).toEqual([500, 200]);
    const body = hook.received[1]?.body;
    expect(body).toMatchObject({
      source: 'chasqui',
      kind: 'logged-out',
      severity: 'critical',
      details: { code: 401 },
    });
    expect(body?.title).toBe(ALERT_KINDS['logged-out'].title);
    expect(hook.received[0]?.body).toEqual(body); // the same alert, sent again
  }, 30_000);

  it('backs off exponentially and gives up after the configured attempts, naming no URL', async () => {
    const hook = await receiver([500, 502, 503, 500, 500, 500]);
    server = hook.server;
    const waits: number[] = [];
    const sink = createWebhookSink({
      url: hook.url,
      attempts: 3,
      baseDelayMs: 250,
      sleep: async (ms) => void waits.push(ms),
    });
    const alerts = createAlerts({ sinks: [sink] });
    alerts.raise('outbox-failed', { chat: '120363000000000001@g.us', attempts: 5 });
    await alerts.idle();
    expect(waits).toEqual([250, 500]);
    expect(hook.received.map((r) => r.status)).toEqual([500, 502, 503]);
    let message = '';
    await Promise.resolve(sink(alerts.recent()[0] as never)).catch(
      (error: Error) => (message = error.message),
    );
    expect(message).toContain('failed after 3 attempts');
    expect(message).not.toContain('chasqui-secret');
  });

  it('keeps the latest alerts for the console and formats them for WhatsApp', () => {
    const alerts = createAlerts({ keep: 2, now: () => new Date('2026-03-14T13:30:00Z') });
    alerts.raise('replaced', { code: 440, attempt: 1 });
    alerts.raise('forbidden', { code: 403 });
    alerts.raise('credits-exhausted', { operation: 'ruc' });
    expect(alerts.recent().map((a) => a.kind)).toEqual(['credits-exhausted', 'forbidden']);
    expect(formatAlert(alerts.recent()[0] as never)).toBe(
      '⚠️ Chasqui: Se agotaron los créditos de consultas (operation: ruc)',
    );
  });
});
