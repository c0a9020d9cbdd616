import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { createOpsRuntime } from '../../src/ops/runtime.js';
import { openDatabase } from '../../src/app/database.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';

function runtime() {
  const db = openDatabase({ dir: ':memory:' });
  const config = parseConfig({ admins: ['51987654321'] }, { CHASQUI_CONSOLE_PORT: 'off' });
  const ops = createOpsRuntime({ config, db, logger: silentLogger() });
  const sent: { chatId: string; message: OutgoingMessage }[] = [];
  const transport = {
    send: async (chatId: string, message: OutgoingMessage) => void sent.push({ chatId, message }),
  };
  return { ops, db, sent, config, transport };
}

describe('ops runtime', () => {
  it('sends alerts to the owners on WhatsApp only while it is open, never the outbox’s own failures', async () => {
    const { ops, db, sent, config, transport } = runtime();
    await ops.attach({
      app: { router: { handle: async () => ({ outcome: 'ok' }) }, services: {} as never, config },
      setup: { transport: transport as never, outbox: {} as never, auth: {} as never },
      sandbox: true,
      say: () => {},
    });
    ops.alerts.raise('schedule-failed', { job: 'tc' });
    await ops.alerts.idle();
    expect(sent).toEqual([]); // not open yet: the webhook is the only way out

    ops.onStatus({ kind: 'open', selfIds: ['51900000001@s.whatsapp.net'] });
    ops.alerts.raise('schedule-failed', { job: 'tc', date: '2026-03-14' });
    ops.alerts.raise('outbox-failed', { chat: '120363000000000001@g.us' });
    await ops.alerts.idle();
    expect(sent).toEqual([
      {
        chatId: '51987654321@s.whatsapp.net',
        message: {
          kind: 'text',
          text: '⚠️ Chasqui: Una publicación programada falló (job: tc, date: 2026-03-14)',
        },
      },
    ]);
    await ops.close();
    db.close();
  });

  it('keeps the transport’s delivery tracking, number checks and presence when it counts messages', async () => {
    const { ops, db } = runtime();
    const calls: string[] = [];
    const inner = {
      name: 'whatsapp',
      selfIds: () => [],
      start: async () => {},
      stop: async () => {},
      send: async () => void calls.push('send'),
      sendTracked: async (chatId: string) => {
        calls.push(`sendTracked ${chatId}`);
        return { messageId: 'ABC' };
      },
      onDelivery: () => void calls.push('onDelivery'),
      checkNumber: async (phone: string) => {
        calls.push(`checkNumber ${phone}`);
        return { status: 'missing' as const };
      },
      setComposing: async (chatId: string, composing: boolean) => void calls.push(`composing ${composing}`),
    };
    const wrapped = ops.instrumentTransport(inner);
    const text = { kind: 'text', text: 'hola' } as const;
    expect(await wrapped.sendTracked?.('51911111111@s.whatsapp.net', text)).toEqual({ messageId: 'ABC' });
    wrapped.onDelivery?.(() => {});
    expect(await wrapped.checkNumber?.('51911111111')).toEqual({ status: 'missing' });
    await wrapped.setComposing?.('120363000000000001@g.us', true);
    expect(calls).toEqual([
      'sendTracked 51911111111@s.whatsapp.net',
      'onDelivery',
      'checkNumber 51911111111',
      'composing true',
    ]);
    expect(await ops.metrics.text()).toContain('chasqui_messages_out_total{outcome="queued"} 1');
    // A transport without them (the terminal) stays without them.
    const plain = ops.instrumentTransport({ ...inner, sendTracked: undefined, onDelivery: undefined });
    expect(plain.sendTracked).toBeUndefined();
    expect(plain.onDelivery).toBeUndefined();
    db.close();
  });

  it('turns transport stops and repeated 440s into alerts, and counts closes by code', () => {
    const { ops, db } = runtime();
    ops.onStatus({
      kind: 'reconnecting',
      reason: 'replaced',
      code: 440,
      delayMs: 300_000,
      attempt: 1,
      alert: true,
    });
    ops.onStatus({
      kind: 'reconnecting',
      reason: 'connection',
      code: 408,
      delayMs: 2_000,
      attempt: 1,
      alert: false,
    });
    ops.onStatus({ kind: 'stopped', reason: 'version-rejected', code: 405 });
    expect(ops.alerts.recent().map((a) => a.kind)).toEqual(['version-rejected', 'replaced']);
    expect(Object.fromEntries(ops.state.closes())).toEqual({ '440': 1, '408': 1, '405': 1 });
    expect(ops.state.snapshot()).toMatchObject({
      connection: 'stopped',
      reason: 'version-rejected',
      code: 405,
    });
    db.close();
  });
});
