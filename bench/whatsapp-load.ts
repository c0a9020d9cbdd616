import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  type AnyMessageContent,
  type MiscMessageGenerationOptions,
  makeEventBuffer,
  type WAMessage,
} from '@whiskeysockets/baileys';
import pino from 'pino';
import { createApp } from '../src/app/app.js';
import { parseConfig } from '../src/config.js';
import { startSandbox } from '../src/sandbox/server.js';
import { openDatabase } from '../src/app/database.js';
import { createWhatsAppSetup, type SocketConfig, type SocketLike } from '../src/transports/whatsapp/index.js';

/**
 * One load run of the WhatsApp path, in a process of its own (bench/whatsapp.ts starts one per
 * size, so each peak RSS is that burst's alone): `commands` commands from 50 groups arrive through
 * a fake Baileys socket into the real app (router, commands, cache, SQLite) against the sandbox,
 * and leave through the real durable outbox (0–2 ms random delay, 5 ms per-chat gap). Checks every
 * command is answered exactly once (200 replayed `append` duplicates included) and the pacing held.
 */

const GROUPS = 50;
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

/** Where the fake lookup API runs: in this process (the default), or in a process of its own. */
export type SandboxPlace = 'in-process' | 'apart';

/** The sandbox the run talks to, and how to count its requests and stop it. */
interface RunSandbox {
  baseUrl: string;
  token: string;
  requestCount(): number | undefined;
  close(): Promise<void>;
}

/** `chasqui sandbox --port 0` in a process of its own (this run's and bench/process.ts's lookup API). */
export async function sandboxProcess(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const main = fileURLToPath(new URL('../src/main.js', import.meta.url));
  const child = spawn(process.execPath, [main, 'sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const url = /LOOKUP_BASE_URL=(\S+)/u.exec(seen)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${seen}`)));
  });
  return { baseUrl, child };
}

/** The sandbox apart: the burst's own RSS is then the app's and the harness's. */
async function sandboxApart(): Promise<RunSandbox> {
  const { baseUrl, child } = await sandboxProcess();
  return {
    baseUrl,
    token: 'sandbox-token',
    requestCount: () => undefined,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function sandboxFor(place: SandboxPlace): Promise<RunSandbox> {
  if (place === 'apart') return sandboxApart();
  const sandbox = await startSandbox({ port: 0 });
  return {
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    requestCount: () => sandbox.requestCount(),
    close: () => sandbox.close(),
  };
}

/** What one run measured (sent to the parent process as JSON). */
export interface LoadResult {
  commands: number;
  answeredOnce: number;
  replies: number;
  /** Lookups that reached the sandbox (counted only when it runs in this process). */
  sandboxRequests: number | undefined;
  minChatGapMs: number;
  /** First command in → last reply out. */
  elapsedMs: number;
  /** First command in → last reply handed to the outbox. */
  queuedAfterMs: number;
  /** Replies the app handed to the transport (each goes through the outbox). */
  queued: number;
  /** The kernel's peak resident set of this process (the burst alone), and the sampled peak heap. */
  peakRssBytes: number;
  peakHeapBytes: number;
  /** CPU time of this process over the run (user + system): the cost, whatever else the machine runs. */
  cpuMs: number;
  ok: boolean;
}

/** Runs `commands` commands through the fake socket and the real outbox; resolves with the figures. */
export async function loadRun(commands: number, place: SandboxPlace = 'in-process'): Promise<LoadResult> {
  const COMMANDS = commands;
  const deadlineMs = Math.max(120_000, commands * 10);
  const sandbox = await sandboxFor(place);
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

  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
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
    const cpuAtStart = process.cpuUsage();
    for (let i = 0; i < COMMANDS; i += GROUPS) {
      live.upsert(messages.slice(i, i + GROUPS), 'notify');
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Re-deliveries and an offline replay of the first 200: must not be answered again.
    live.upsert(
      messages.slice(0, REPLAYS).map((m) => structuredClone(m)),
      'append',
    );
    while (sent.length < COMMANDS && performance.now() - started < deadlineMs) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const elapsedMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuAtStart);
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

    return {
      commands: COMMANDS,
      answeredOnce,
      replies: sent.length,
      sandboxRequests: sandbox.requestCount(),
      minChatGapMs: minChatGap,
      elapsedMs,
      queuedAfterMs: lastQueuedAt - started,
      queued,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      peakHeapBytes: peakHeap,
      cpuMs: (cpu.user + cpu.system) / 1000,
      ok,
    };
  } finally {
    clearInterval(sampler);
    await app.close();
    waDb.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Started by bench/whatsapp.ts or bench/process.ts with the number of commands (and `apart` for a
// sandbox in a process of its own): run once, report, exit.
if (process.send && process.argv[2] !== undefined) {
  const result = await loadRun(Number(process.argv[2]), process.argv[3] === 'apart' ? 'apart' : 'in-process');
  process.send(result, () => process.exit(0));
}
