import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app/app.js';
import { type CacheTtlSeconds, type Config, OPERATION_NAMES, parseConfig } from '../src/config.js';
import type { LookupApi } from '../src/lookup/api.js';
import { createLookupClient } from '../src/lookup/client.js';
import { startSandbox } from '../src/sandbox/server.js';
import { createMemoryTransport } from '../src/transports/memory.js';
import type { IncomingMessage } from '../src/transports/transport.js';
import { quantile, table } from './figures.js';

const GROUP = '120363000000000001@g.us';
const ADMIN = '51987654321@s.whatsapp.net';
const PER_SIDE = 2000;
const WARMUP = 200;
/** Alternating blocks (ABBA) so machine noise hits both sides alike. */
const BLOCKS = 10;
const MIXED = 20_000;

/** One command against the bare client call it wraps. */
const CASES: { text: string; operation: keyof LookupApi; call: (api: LookupApi) => Promise<unknown> }[] = [
  { text: 'ruc 20123456786', operation: 'ruc', call: (api) => api.ruc('20123456786') },
  { text: 'placa abc-123', operation: 'vehicle', call: (api) => api.vehicle('ABC123') },
  { text: 'tc 20/11/2026', operation: 'exchangeRate', call: (api) => api.exchangeRate('2026-11-20') },
];

/** The mixed stream: 2 valid (cached), 2 invalid, 3 chatter, 1 unknown command per 8 messages. */
const MIXED_STREAM: readonly string[] = [
  'ruc 20123456786',
  'placa abc-123',
  'ruc 2010007097',
  'placa 12',
  'la placa del camión está sucia',
  'buenos días a todos',
  'ok, gracias',
  '/plaka ABC123',
];

/** The lines the bot bench sends: one per command case, then the mixed stream. */
export const BOT_LINES: readonly string[] = [...new Set([...CASES.map((c) => c.text), ...MIXED_STREAM])];

let counter = 0;
function message(text: string): IncomingMessage {
  counter += 1;
  return {
    id: `bench-${counter}`,
    chatId: GROUP,
    isGroup: true,
    chatName: 'Despacho Lima',
    senderIds: [ADMIN],
    text,
    timestamp: Date.now(),
  };
}

function noCache(): CacheTtlSeconds {
  const ttl = { pastRates: 0, notFound: 0 } as CacheTtlSeconds;
  for (const operation of OPERATION_NAMES) ttl[operation] = 0;
  return ttl;
}

function benchConfig(dataDir: string, lookup: Config['lookup'], cache: boolean): Config {
  const base = parseConfig({}, {});
  return {
    ...base,
    dataDir,
    lookup,
    admins: ['51987654321'],
    groups: [{ id: GROUP, name: 'Despacho Lima', personalData: true, schedules: [] }],
    rateLimitPerMinute: 0,
    ...(cache ? {} : { cacheTtlSeconds: noCache() }),
  };
}

/** p50/p99 (ms) of `fn` and `other`, measured in alternating blocks. */
async function compare(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const times = [new Float64Array(PER_SIDE), new Float64Array(PER_SIDE)];
  const counts = [0, 0];
  const sides = [a, b];
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const size = PER_SIDE / BLOCKS;
  for (let block = 0; block < BLOCKS; block++) {
    const order = block % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) {
      const fn = sides[side]!;
      const into = times[side]!;
      for (let i = 0; i < size; i++) {
        const started = performance.now();
        await fn();
        into[counts[side]!++] = performance.now() - started;
      }
    }
  }
  return times.map((t) => {
    const sorted = t.sort();
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
  });
}

/**
 * Per-command overhead of router + validation + template (+ usage log) against the bare client
 * call, sandbox on loopback, cache off so both sides go upstream; then the same with a zero-latency
 * in-process API (pure bot cost); then messages/second for a mixed stream with the cache on.
 * Target: the bot adds under 1 ms per command at p50.
 */
export async function bench(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const lookupConfig: Config['lookup'] = {
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    messagingBaseUrl: sandbox.messagingUrl,
    messagingToken: sandbox.token,
    timeoutMs: 10_000,
    retries: 0,
  };
  const client = createLookupClient({ ...lookupConfig });
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-'));
    dirs.push(dir);
    return dir;
  };
  const transport = createMemoryTransport();
  const viaHttp = createApp({
    config: benchConfig(tempDir(), lookupConfig, false),
    transport,
    lookup: client,
  });

  // Canned answers for the zero-latency API: the sandbox's own records, fetched once.
  const instantMethods: Record<string, () => Promise<unknown>> = {};
  for (const c of CASES) {
    const answer = await c.call(client);
    instantMethods[c.operation] = async () => answer;
  }
  const instant = instantMethods as unknown as LookupApi;
  const inProcess = createApp({
    config: benchConfig(tempDir(), lookupConfig, false),
    transport,
    lookup: instant,
  });

  try {
    const rows = [
      [
        'bot: command vs bare client (loopback sandbox, cache off)',
        'bare p50',
        'bot p50',
        'bare p99',
        'bot p99',
        'added p50 ms',
        'ratio p50',
      ],
    ];
    for (const c of CASES) {
      const [bare, bot] = await compare(
        () => c.call(client),
        async () => {
          transport.clear();
          await viaHttp.handle(message(c.text));
          if (transport.sent.length !== 1) throw new Error(`no reply to ${c.text}`);
        },
      );
      rows.push([
        c.text,
        bare!.p50.toFixed(3),
        bot!.p50.toFixed(3),
        bare!.p99.toFixed(3),
        bot!.p99.toFixed(3),
        (bot!.p50 - bare!.p50).toFixed(3),
        (bot!.p50 / bare!.p50).toFixed(2),
      ]);
    }
    table(rows);

    const pure = [['bot alone: zero-latency in-process API', 'p50 ms', 'p99 ms']];
    for (const c of CASES) {
      const [, bot] = await compare(
        async () => {},
        async () => {
          transport.clear();
          await inProcess.handle(message(c.text));
        },
      );
      pure.push([c.text, bot!.p50.toFixed(3), bot!.p99.toFixed(3)]);
    }
    console.log('');
    table(pure);

    const cached = createApp({
      config: benchConfig(tempDir(), lookupConfig, true),
      transport,
      lookup: client,
    });
    const stream = MIXED_STREAM;
    for (const text of stream) await cached.handle(message(text));
    const started = performance.now();
    for (let i = 0; i < MIXED; i++) {
      transport.clear();
      await cached.handle(message(stream[i % stream.length]!));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log('');
    console.log(
      `bot: mixed stream (2 valid cached, 2 invalid, 3 chatter, 1 unknown per 8): ${(MIXED / seconds).toFixed(0)} messages/s over ${MIXED} messages`,
    );
    await cached.close();
  } finally {
    await viaHttp.close();
    await inProcess.close();
    await client.close();
    await sandbox.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
