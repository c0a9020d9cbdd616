import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type AnyMessageContent,
  type MiscMessageGenerationOptions,
  makeEventBuffer,
  type WAMessage,
} from '@whiskeysockets/baileys';
import pino from 'pino';
import { createApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { startSandbox } from '../src/sandbox/server.js';
import { openDatabase } from '../src/store/sqlite.js';
import { createWhatsAppSetup, type SocketConfig, type SocketLike } from '../src/transports/whatsapp/index.js';

/**
 * Load test of the WhatsApp path: 1,000 commands from 50 groups arrive through a fake Baileys
 * socket into the real app (router, commands, cache, SQLite) against the sandbox, and leave
 * through the real durable outbox (0–2 ms random delay, 5 ms per-chat gap). Checks every command
 * is answered exactly once (200 replayed `append` duplicates included) and the pacing held;
 * prints time, messages/s and peak memory.
 */

const GROUPS = 50;
const COMMANDS = 1000;
const REPLAYS = 200;
const PACING = { minDelayMs: 0, maxDelayMs: 2, perChatGapMs: 5 };
const TEXTS = ['ruc 20123456786', 'tc', 'placa ABC123', 'ruc 20601234565', 'dni 45678912'];

interface Sent {
  jid: string;
  quotedId: string | undefined;
  at: number;
}

/** The socket slice the transport uses, driven by this script (Baileys' own event buffer). */
function benchSocket(
  config: SocketConfig,
  sent: Sent[],
): SocketLike & { open(): void; upsert(m: WAMessage[], type: 'notify' | 'append'): void } {
  const ev = makeEventBuffer(pino({ level: 'silent' }));
  return {
    ev,
    authState: { creds: config.auth.creds },
    user: { id: '51900000001:7@s.whatsapp.net', lid: '99900000001:7@lid' },
    signalRepository: { lidMapping: { getPNForLID: async () => null, getLIDForPN: async () => null } },
    async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
      sent.push({ jid, quotedId: options?.quoted?.key.id ?? undefined, at: performance.now() });
      const text = 'text' in content ? content.text : '';
      return {
        key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? null },
        message: { conversation: text },
      };
    },
    groupFetchAllParticipating: async () => ({}),
    groupMetadata: async (jid: string) => ({
      id: jid,
      subject: `Grupo ${jid.slice(-8, -5)}`,
      owner: undefined,
      participants: [],
    }),
    requestPairingCode: async () => 'BENCH000',
    onWhatsApp: async () => [],
    sendPresenceUpdate: async () => {},
    end: async () => {
      ev.emit('connection.update', {
        connection: 'close',
        lastDisconnect: { error: undefined, date: new Date() },
      });
    },
    open: () => ev.emit('connection.update', { connection: 'open' }),
    upsert: (messages, type) => ev.emit('messages.upsert', { messages, type }),
  };
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function bench(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-wa-'));
  const groups = Array.from({ length: GROUPS }, (_, i) => `1203630000001${String(i).padStart(5, '0')}@g.us`);
  const config = parseConfig(
    {
      groups: groups.map((id) => ({ id, personalData: true })),
      whatsapp: { outbox: PACING, shutdownFlushMs: 10_000 },
      rateLimitPerMinute: 600,
    },
    { CHASQUI_DATA_DIR: dir, LOOKUP_BASE_URL: sandbox.baseUrl, LOOKUP_TOKEN: sandbox.token },
  );
  const logger = pino({ level: 'silent' });
  const sent: Sent[] = [];
  let socket: ReturnType<typeof benchSocket> | undefined;
  const waDb = openDatabase({ dir });
  const setup = createWhatsAppSetup({
    db: waDb,
    logger,
    whatsapp: config.whatsapp,
    createSocket: (socketConfig) => {
      socket = benchSocket(socketConfig, sent);
      return socket;
    },
  });
  let queued = 0;
  let lastQueuedAt = 0;
  const transport = setup.transport;
  const send = transport.send.bind(transport);
  transport.send = async (chatId, message) => {
    await send(chatId, message);
    queued += 1;
    lastQueuedAt = performance.now();
  };
  const app = createApp({ config, transport, logger });

  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 10);

  try {
    await app.start();
    if (!socket) throw new Error('no socket');
    const live = socket;
    live.open();
    const nowSec = Math.floor(Date.now() / 1000);
    const messages: WAMessage[] = Array.from({ length: COMMANDS }, (_, i) => ({
      key: {
        remoteJid: groups[i % GROUPS] ?? '',
        fromMe: false,
        id: `3EB0BENCH${String(i).padStart(6, '0')}`,
        participant: `${100_000 + i}@lid`,
        participantAlt: `51910${String(i).padStart(6, '0')}@s.whatsapp.net`,
      },
      message: { conversation: TEXTS[i % TEXTS.length] ?? 'tc' },
      messageTimestamp: nowSec,
      pushName: 'Bench',
    }));

    const started = performance.now();
    for (let i = 0; i < COMMANDS; i += GROUPS) {
      live.upsert(messages.slice(i, i + GROUPS), 'notify');
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Re-deliveries and an offline replay of the first 200: must not be answered again.
    live.upsert(
      messages.slice(0, REPLAYS).map((m) => structuredClone(m)),
      'append',
    );
    while (sent.length < COMMANDS && performance.now() - started < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const elapsedMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 300)); // anything extra would show up now

    const perQuoted = new Map<string, number>();
    for (const s of sent) perQuoted.set(s.quotedId ?? '', (perQuoted.get(s.quotedId ?? '') ?? 0) + 1);
    const answeredOnce = messages.filter((m) => perQuoted.get(m.key.id ?? '') === 1).length;
    let minChatGap = Number.POSITIVE_INFINITY;
    for (const group of groups) {
      const at = sent.filter((s) => s.jid === group).map((s) => s.at);
      for (let i = 1; i < at.length; i++) minChatGap = Math.min(minChatGap, (at[i] ?? 0) - (at[i - 1] ?? 0));
    }
    const ok = answeredOnce === COMMANDS && sent.length === COMMANDS && minChatGap >= PACING.perChatGapMs - 1;

    process.stdout.write(
      [
        `whatsapp: ${COMMANDS} commands from ${GROUPS} groups (+${REPLAYS} replayed duplicates) via fake socket → app → outbox`,
        `  answered exactly once: ${answeredOnce}/${COMMANDS}; replies sent: ${sent.length}; ` +
          `lookups hitting the sandbox: ${sandbox.requestCount()}`,
        `  pacing: per-chat gap ≥ ${PACING.perChatGapMs} ms → min observed ${minChatGap.toFixed(2)} ms; ` +
          `random delay ${PACING.minDelayMs}–${PACING.maxDelayMs} ms`,
        `  total ${(elapsedMs / 1000).toFixed(2)} s, ${(COMMANDS / (elapsedMs / 1000)).toFixed(0)} messages/s ` +
          `(all ${queued} replies handled and queued after ${((lastQueuedAt - started) / 1000).toFixed(2)} s; ` +
          'the rest is the paced outbox)',
        `  peak RSS ${mb(peakRss)}, peak heap ${mb(peakHeap)}`,
        `  ${ok ? 'OK' : 'FAILED'}`,
        '',
      ].join('\n'),
    );
    if (!ok) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await app.close();
    waDb.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
