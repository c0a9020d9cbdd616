import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Boom } from '@hapi/boom';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/store/sqlite.js';
import { createWhatsAppSetup } from '../../../../src/transports/whatsapp/setup.js';
import {
  FakeWhatsApp,
  fakeSocketFactory,
  startTestTransport,
  TEST_WHATSAPP,
  type TestTransport,
  waitFor,
  waText,
} from '../../../helpers/fake-socket.js';

const GROUP = '120363000000000001@g.us';
const LID = '123456789012345@lid';
const PN = '51987654321@s.whatsapp.net';

let dir: string;
let server: FakeWhatsApp;
const running: TestTransport[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-wa-send-'));
  server = new FakeWhatsApp();
});

afterEach(async () => {
  for (const t of running.splice(0)) await t.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function start(
  options: Partial<Parameters<typeof startTestTransport>[0]> = {},
): Promise<TestTransport> {
  const t = await startTestTransport({ dir, server, ...options });
  running.push(t);
  return t;
}

const texts = () => server.sent.map((s) => ('text' in s.content ? s.content.text : '[doc]'));

describe('sending through the outbox (fake socket)', () => {
  it('sends 200 messages queued while closed exactly once after open, pacing each chat', async () => {
    // The outbox's own clock: its last reading before a send reaches the socket is the send time it
    // paces by (nothing reads it between marking a send and handing it over), so the gap asserted
    // below is the transport's, not a loaded machine's scheduling delay.
    const clock = { last: 0, now: () => (clock.last = Date.now()) };
    const paced: { jid: string; at: number }[] = [];
    const push = server.sent.push.bind(server.sent);
    server.sent.push = (...records) => {
      for (const record of records) paced.push({ jid: record.jid, at: clock.last });
      return push(...records);
    };
    const t = await start({
      whatsapp: { outbox: { minDelayMs: 0, maxDelayMs: 1, perChatGapMs: 10 } },
      outboxOptions: { now: clock.now },
    });
    const chats = Array.from({ length: 8 }, (_, i) => `12036300000000010${i}@g.us`);
    for (let i = 0; i < 200; i++)
      await t.transport.send(chats[i % 8] ?? GROUP, { kind: 'text', text: `r${i}` });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.sent).toHaveLength(0);

    t.fake.latest().open();
    await waitFor(() => server.sent.length === 200, 15_000, '200 sends');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.sent).toHaveLength(200);
    expect(new Set(texts()).size).toBe(200);
    expect(t.outbox.pendingCount()).toBe(0);
    for (const chat of chats) {
      const at = paced.filter((s) => s.jid === chat).map((s) => s.at);
      expect(at).toHaveLength(25);
      for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(10);
    }
  });

  it('replies quoting the original message, with mentions and the reserved message id', async () => {
    const t = await start({
      handler: async (message, self) => {
        await self.transport.send(message.chatId, {
          kind: 'text',
          text: 'RUC 20123456786',
          quotedId: message.id,
          mentions: [message.senderIds[1] ?? ''],
        });
      },
    });
    t.fake.latest().open();
    const original = waText('ruc 20123456786', { participant: LID, participantAlt: PN, id: '3EB0ORIG' });
    t.fake.latest().upsert([original]);
    await waitFor(() => server.sent.length === 1);
    const [sent] = server.sent;
    expect(sent?.content).toEqual({ text: 'RUC 20123456786', mentions: [LID] });
    expect(sent?.options?.quoted?.key.id).toBe('3EB0ORIG');
    expect(sent?.options?.quoted?.message?.conversation).toBe('ruc 20123456786');
    const row = t.db.prepare('SELECT wa_id FROM outbox').get() as { wa_id: string };
    expect(sent?.options?.messageId).toBe(row.wa_id);
  });

  it('keeps the quote of a reply that waited for a restart', async () => {
    const first = await start({
      handler: async (message, self) => {
        await self.transport.send(message.chatId, { kind: 'text', text: 'respuesta', quotedId: message.id });
      },
    });
    first.fake.latest().upsert([waText('tc', { participant: LID, id: '3EB0QUOTE' })]); // received before open
    await waitFor(() => first.outbox.pendingCount() === 1);
    await first.close();
    running.splice(running.indexOf(first), 1);

    const second = await start();
    second.fake.latest().open();
    await waitFor(() => server.sent.length === 1);
    expect(server.sent[0]?.options?.quoted?.key).toMatchObject({
      id: '3EB0QUOTE',
      participant: LID,
      remoteJid: GROUP,
    });
    expect(server.sent[0]?.options?.quoted?.message?.conversation).toBe('tc');
  });

  it('sends documents with bytes, mimetype, file name and caption', async () => {
    const t = await start();
    t.fake.latest().open();
    const bytes = new Uint8Array([37, 80, 68, 70]);
    await t.transport.send(GROUP, {
      kind: 'document',
      bytes,
      fileName: 'guia-T001-42.pdf',
      mimetype: 'application/pdf',
      caption: 'Guía T001-42',
    });
    await waitFor(() => server.sent.length === 1);
    expect(server.sent[0]?.content).toEqual({
      document: Buffer.from(bytes),
      mimetype: 'application/pdf',
      fileName: 'guia-T001-42.pdf',
      caption: 'Guía T001-42',
    });
  });

  it('answers getMessage retry requests from the stored sent message', async () => {
    const t = await start();
    t.fake.latest().open();
    await t.transport.send(GROUP, { kind: 'text', text: 'enviado' });
    await waitFor(() => server.sent.length === 1);
    await waitFor(() => t.outbox.pendingCount() === 0);
    const id = server.sent[0]?.options?.messageId ?? '';
    const message = await t.fake.latest().config.getMessage?.({ id, remoteJid: GROUP, fromMe: true });
    expect(message?.extendedTextMessage?.text).toBe('enviado');
    expect(await t.fake.latest().config.getMessage?.({ id: 'UNKNOWN', remoteJid: GROUP })).toBeUndefined();
  });

  it('keeps what was not sent when the connection drops mid-way and sends it on the next socket', async () => {
    const t = await start();
    server.beforeSend = () => new Promise((resolve) => setTimeout(resolve, 2));
    for (let i = 0; i < 40; i++) await t.transport.send(GROUP, { kind: 'text', text: `m${i}` });
    t.fake.latest().open();
    await waitFor(() => server.sent.length >= 10);
    t.fake.latest().close(428);
    const afterDrop = server.sent.length;
    await waitFor(() => t.fake.sockets.length === 2);
    expect(server.sent.length).toBeLessThanOrEqual(afterDrop + 1);
    t.fake.latest().open();
    await waitFor(() => t.outbox.pendingCount() === 0, 5000, 'drained');
    expect(new Set(texts())).toEqual(new Set(Array.from({ length: 40 }, (_, i) => `m${i}`)));
    expect(server.deliveredIds().size).toBe(40);
    expect(texts()).toEqual(Array.from({ length: 40 }, (_, i) => `m${i}`));
  });

  it('loses and duplicates nothing when the process dies mid-send (restart resends under the same id)', async () => {
    const first = await start();
    let sendsSeen = 0;
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => {
      crashed = resolve;
    });
    server.afterSend = async () => {
      sendsSeen += 1;
      if (sendsSeen === 25) {
        crashed();
        await new Promise(() => {}); // it reached WhatsApp, but the process dies before the ack
      }
    };
    for (let i = 0; i < 60; i++)
      await first.transport.send(`chat${i % 3}@g.us`, { kind: 'text', text: `m${i}` });
    first.fake.latest().open();
    await crash;
    first.outbox.close(); // crash: nothing else runs, the database goes away
    first.db.close();
    running.splice(running.indexOf(first), 1);

    server.afterSend = undefined;
    const second = await start();
    second.fake.latest().open();
    await waitFor(() => second.outbox.pendingCount() === 0, 5000, 'drained after restart');
    const idsByText = new Map<string, Set<string>>();
    for (const s of server.sent) {
      const text = 'text' in s.content ? s.content.text : '';
      idsByText.set(text, (idsByText.get(text) ?? new Set()).add(s.options?.messageId ?? ''));
    }
    expect(idsByText.size).toBe(60);
    expect([...idsByText.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(server.deliveredIds().size).toBe(60);
    expect(server.sent).toHaveLength(61); // the one in flight went out again, under its same id
  });

  it.each([
    ['408 Timed Out', () => new Boom('Timed Out', { statusCode: 408 })],
    ['503 unavailable', () => new Boom('service unavailable', { statusCode: 503 })],
    ['a plain "Connection Closed"', () => new Error('Connection Closed')],
  ])('retries a send that hit %s on an open socket, without ever marking it failed', async (_, error) => {
    const db = openDatabase({ dir });
    const fake = fakeSocketFactory(server);
    const failed: string[] = [];
    const setup = createWhatsAppSetup({
      db,
      logger: pino({ level: 'silent' }),
      whatsapp: TEST_WHATSAPP,
      createSocket: fake.factory,
      outboxOptions: { maxFailures: 2, deferredRetryMs: 2, onFailed: (item) => failed.push(item.chatId) },
    });
    try {
      await setup.transport.start(async () => {});
      let tries = 0;
      server.beforeSend = () => {
        tries += 1;
        if (tries <= 4) throw error();
      };
      fake.latest().open();
      await setup.transport.send(GROUP, { kind: 'text', text: 'paciente' });
      await waitFor(() => setup.outbox.pendingCount() === 0, 3000, 'sent');
      expect(texts()).toEqual(['paciente']);
      expect(tries).toBe(5);
      expect(failed).toEqual([]);
      expect(db.prepare('SELECT status, failures FROM outbox').get()).toEqual({
        status: 'sent',
        failures: 0,
      });
    } finally {
      await setup.transport.stop();
      db.close();
    }
  });

  it('marks a message failed after repeated real send errors, and reports it through onFailed', async () => {
    const db = openDatabase({ dir });
    const fake = fakeSocketFactory(server);
    const failed: string[] = [];
    const setup = createWhatsAppSetup({
      db,
      logger: pino({ level: 'silent' }),
      whatsapp: TEST_WHATSAPP,
      createSocket: fake.factory,
      outboxOptions: { maxFailures: 2, retryDelayMs: 1, onFailed: (item) => failed.push(item.chatId) },
    });
    try {
      await setup.transport.start(async () => {});
      server.beforeSend = () => {
        throw new Boom('bad-request', { statusCode: 400 });
      };
      fake.latest().open();
      await setup.transport.send(GROUP, { kind: 'text', text: 'rechazado' });
      await waitFor(() => failed.length === 1, 3000, 'onFailed');
      expect(failed).toEqual([GROUP]);
      expect(db.prepare('SELECT status, failures FROM outbox').get()).toEqual({
        status: 'failed',
        failures: 2,
      });
    } finally {
      await setup.transport.stop();
      db.close();
    }
  });
});
