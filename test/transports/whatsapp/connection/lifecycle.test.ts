import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browsers, DEFAULT_CONNECTION_CONFIG } from '@whiskeysockets/baileys';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthRowStore } from '../../../../src/store/auth-state.js';
import { openDatabase } from '../../../../src/store/sqlite.js';
import { createWhatsAppSetup } from '../../../../src/transports/whatsapp/setup.js';
import {
  FakeWhatsApp,
  fakeSocketFactory,
  startTestTransport,
  TEST_POLICY,
  TEST_WHATSAPP,
  type TestTransport,
  waitFor,
  waText,
} from '../../../helpers/fake-socket.js';

let dir: string;
let t: TestTransport | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-wa-'));
});

afterEach(async () => {
  await t?.close();
  t = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const kinds = () => t?.statuses.map((s) => s.kind) ?? [];

async function start(
  options: Partial<Parameters<typeof startTestTransport>[0]> = {},
): Promise<TestTransport> {
  t = await startTestTransport({ dir, ...options });
  return t;
}

describe('WhatsApp connection lifecycle (fake socket)', () => {
  it('shows the QR, reconnects silently on the 515 after pairing, then opens with the saved session', async () => {
    const { fake, auth, db } = await start();
    fake.latest().emitQr('2@ref,noise,id,adv');
    expect(t?.statuses).toContainEqual({ kind: 'qr', qr: '2@ref,noise,id,adv' });

    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2, 2000, 'second socket');
    expect(kinds()).not.toContain('reconnecting');
    expect(kinds()).toContain('restarting');
    expect(auth.isPaired()).toBe(true);
    expect(JSON.parse(createAuthRowStore(db).readCreds() ?? '{}').me.id).toBe('51900000001:7@s.whatsapp.net');

    fake.latest().open();
    await waitFor(() => kinds().includes('open'), 2000, 'open');
    expect(t?.transport.isOpen()).toBe(true);
    expect(t?.transport.selfIds()).toEqual(['51900000001@s.whatsapp.net', '99900000001@lid']);
  });

  it('asks for a pairing code on the first QR when a phone is given, and shows no QR', async () => {
    const { fake } = await start({ whatsapp: { pairPhone: '51987654321' } });
    fake.latest().emitQr();
    fake.latest().emitQr();
    await waitFor(() => kinds().includes('pairing-code'), 2000, 'pairing code');
    expect(fake.latest().pairingRequests).toEqual(['51987654321']);
    expect(t?.statuses).toContainEqual({ kind: 'pairing-code', code: 'ABCD1234', phone: '51987654321' });
    expect(kinds()).not.toContain('qr');
  });

  it('drops an unconfirmed pairing-code identity before the next socket (new code, not a failed login)', async () => {
    const { fake, auth } = await start({ whatsapp: { pairPhone: '51987654321' } });
    fake.latest().emitQr();
    await waitFor(() => fake.latest().pairingRequests.length === 1);
    expect(auth.state.creds.me?.name).toBe('~');
    fake.latest().close(408); // the code expired unused
    await waitFor(() => fake.sockets.length === 2, 2000, 'reconnect');
    expect(fake.latest().authState.creds.me).toBeUndefined();
  });

  it('on 401 stops, clears the auth store and asks to pair again', async () => {
    const { fake, auth, db } = await start();
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2);
    fake.latest().open();
    fake.latest().close(401);
    expect(await t?.transport.done()).toEqual({ reason: 'logged-out', code: 401 });
    expect(createAuthRowStore(db).readCreds()).toBeUndefined();
    expect(auth.isPaired()).toBe(false);
    expect(fake.sockets).toHaveLength(2);
  });

  it.each([
    [403, 'forbidden'],
    [405, 'version-rejected'],
  ])('on %i stops with "%s" and keeps the session', async (code, reason) => {
    const { fake, auth } = await start();
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2);
    fake.latest().close(code);
    expect(await t?.transport.done()).toEqual({ reason, code });
    expect(auth.isPaired()).toBe(true);
    expect(fake.sockets).toHaveLength(2);
  });

  it('on 411 stops and clears the session to pair again', async () => {
    const { fake, auth } = await start();
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2);
    fake.latest().close(411);
    expect(await t?.transport.done()).toEqual({ reason: 'multidevice-mismatch', code: 411 });
    expect(auth.isPaired()).toBe(false);
  });

  it('on 440 backs off with an alert instead of looping, and stops after repeated replacements', async () => {
    const { fake } = await start();
    fake.latest().close(440);
    await waitFor(() => fake.sockets.length === 2);
    fake.latest().close(440);
    await waitFor(() => fake.sockets.length === 3);
    fake.latest().close(440);
    expect(await t?.transport.done()).toEqual({ reason: 'replaced', code: 440 });
    const reconnects = t?.statuses.filter((s) => s.kind === 'reconnecting') ?? [];
    expect(reconnects).toMatchObject([
      { reason: 'replaced', alert: true, delayMs: 10 },
      { reason: 'replaced', alert: true, delayMs: 20 },
    ]);
  });

  it('stops a 440 loop even when every replaced connection had been open long enough to count as stable', async () => {
    const db = openDatabase({ dir });
    const fake = fakeSocketFactory();
    const setup = createWhatsAppSetup({
      db,
      logger: pino({ level: 'silent' }),
      whatsapp: TEST_WHATSAPP,
      createSocket: fake.factory,
      policy: TEST_POLICY, // maxReplaced 2
      stableOpenMs: 0, // every open counts as stable
    });
    try {
      await setup.transport.start(async () => {});
      for (let i = 1; i <= 3; i++) {
        fake.latest().open();
        fake.latest().close(440);
        if (i < 3) await waitFor(() => fake.sockets.length === i + 1, 2000, `socket ${i + 1}`);
      }
      const outcome = await Promise.race([
        setup.transport.done(),
        new Promise((resolve) => setTimeout(() => resolve('still looping'), 1000)),
      ]);
      expect(outcome).toEqual({ reason: 'replaced', code: 440 });
      expect(fake.sockets).toHaveLength(3);
    } finally {
      await setup.transport.stop();
      db.close();
    }
  });

  it('on 500 reconnects with backoff and never wipes the session', async () => {
    const { fake, auth } = await start();
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2);
    fake.latest().close(500);
    await waitFor(() => fake.sockets.length === 3);
    expect(t?.statuses.find((s) => s.kind === 'reconnecting')).toMatchObject({
      reason: 'bad-session',
      code: 500,
    });
    expect(auth.isPaired()).toBe(true);
  });

  it.each([408, 428, 503])('on %i reconnects with growing, capped backoff', async (code) => {
    const { fake } = await start();
    for (let i = 1; i <= 4; i++) {
      fake.latest().close(code);
      await waitFor(() => fake.sockets.length === i + 1, 2000, `socket ${i + 1}`);
    }
    const delays = t?.statuses.flatMap((s) => (s.kind === 'reconnecting' ? [s.delayMs] : [])) ?? [];
    expect(delays).toHaveLength(4);
    expect(delays[2]).toBeGreaterThan(delays[0] ?? 0);
    expect(Math.max(...delays)).toBeLessThanOrEqual(40);
    expect(
      t?.statuses.filter((s) => s.kind === 'reconnecting').map((s) => 'attempt' in s && s.attempt),
    ).toEqual([1, 2, 3, 4]);
  });

  it('re-attaches handlers to every new socket and ignores the old one', async () => {
    const { fake, received } = await start();
    const first = fake.latest();
    first.open();
    first.close(428);
    await waitFor(() => fake.sockets.length === 2);
    const second = fake.latest();
    second.open();
    first.upsert([waText('ruc 20123456786', { participant: '1@lid' })]); // destroyed emitter
    second.upsert([waText('tc', { participant: '1@lid' })]);
    await waitFor(() => received.length === 1);
    expect(received.map((m) => m.text)).toEqual(['tc']);
  });

  it('gives every socket the production options', async () => {
    const server = new FakeWhatsApp();
    server.groups['120363000000000001@g.us'] = {
      id: '120363000000000001@g.us',
      subject: 'Despacho Lima',
      owner: undefined,
      participants: [],
    };
    const { fake } = await start({ server, whatsapp: { waVersion: [2, 3000, 1] } });
    const config = fake.latest().config;
    expect(config.markOnlineOnConnect).toBe(false);
    expect(config.version).toEqual([2, 3000, 1]);
    expect(config.browser).toEqual(Browsers.macOS('Chrome'));
    expect(config.shouldIgnoreJid?.('status@broadcast')).toBe(true);
    expect(config.shouldIgnoreJid?.('120363111@newsletter')).toBe(true);
    expect(config.shouldIgnoreJid?.('120363000000000001@g.us')).toBe(false);
    expect(config.msgRetryCounterCache).toBeDefined();
    fake.latest().open();
    await waitFor(() => kinds().includes('groups'));
    expect((await config.cachedGroupMetadata?.('120363000000000001@g.us'))?.subject).toBe('Despacho Lima');
    fake.latest().close(428);
    await waitFor(() => fake.sockets.length === 2);
    expect(fake.latest().config.msgRetryCounterCache).toBe(config.msgRetryCounterCache);
  });

  it('uses the WA version bundled with Baileys when none is configured (no network)', async () => {
    const { fake } = await start();
    expect(fake.latest().config.version).toEqual(DEFAULT_CONNECTION_CONFIG.version);
  });

  it('shuts down gracefully: flushes the outbox, then closes without logging out', async () => {
    const { fake, transport, auth } = await start();
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === 2);
    fake.latest().open();
    await transport.send('120363000000000001@g.us', { kind: 'text', text: 'último' });
    await transport.stop();
    expect(fake.server.sent.map((s) => s.content)).toEqual([{ text: 'último' }]);
    expect(fake.latest().ended).toBe(true);
    expect(auth.isPaired()).toBe(true);
    expect(await transport.done()).toEqual({ reason: 'shutdown' });
    expect(fake.sockets).toHaveLength(2);
  });
});
