import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app/app.js';
import { parseConfig } from '../src/config.js';
import { rucCheckDigit } from '../src/language/index.js';
import { startSandbox } from '../src/sandbox/server.js';
import type { SandboxHandle } from '../src/sandbox/types.js';
import { createMemoryTransport } from '../src/transports/memory.js';
import type { DocumentMessage } from '../src/transports/transport.js';

const GROUP = '120363000000000001@g.us';
const SIZE = 200;

/** 200 fictional companies in the sandbox: every 10th NO HABIDO, every 7th with coercive debt. */
function seed(sandbox: SandboxHandle): string[] {
  const rucs: string[] = [];
  for (let i = 0; i < SIZE; i++) {
    const first10 = `20${String(80000000 + i)}`;
    const ruc = `${first10}${rucCheckDigit(first10)}`;
    sandbox.setTaxpayer(ruc, i % 10 === 0 ? { condicion: 'NO HABIDO' } : {});
    if (i % 7 === 0) {
      sandbox.setCoerciveDebt(ruc, [
        {
          monto: '1250.00',
          periodo_tibutario: '2026 - 08',
          fecha_inicio_cobranza: '2026-10-01',
          entidad_asociada: 'SUNAT',
        },
      ]);
    }
    rucs.push(ruc);
  }
  return rucs;
}

/**
 * The app a `lote` bench drives: a temp data dir, the in-memory transport, the fixture owner in
 * "Despacho Lima" (personal data), no confirmation step, against `sandbox`.
 */
export function batchBenchApp(sandbox: SandboxHandle, prefix: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const base = parseConfig({}, {});
  const transport = createMemoryTransport();
  const app = createApp({
    transport,
    config: {
      ...base,
      dataDir,
      lookup: { ...base.lookup, baseUrl: sandbox.baseUrl, token: sandbox.token },
      admins: ['51987654321'],
      groups: [{ id: GROUP, name: 'Despacho Lima', personalData: true, schedules: [] }],
      rateLimitPerMinute: 600,
      batch: { ...base.batch, confirmAbove: 100_000 },
    },
  });
  return { app, transport, dataDir };
}

/** One `lote` of 200 RUCs through the whole app; figures from the sandbox's request log and RSS samples. */
async function run(sandbox: SandboxHandle, rucs: string[], label: string, latencyMs: number): Promise<void> {
  const { app, transport, dataDir } = batchBenchApp(sandbox, 'chasqui-bench-batch-');
  if (latencyMs > 0)
    sandbox.injectFault({ path: '/ruc*', kind: 'latency', delayMs: latencyMs, times: Infinity });
  sandbox.resetRequests();
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 5);
  const started = performance.now();
  await app.handle({
    id: `bench-${label}`,
    chatId: GROUP,
    isGroup: true,
    chatName: 'Despacho Lima',
    senderIds: ['51987654321@s.whatsapp.net'],
    text: `lote\n${rucs.join('\n')}`,
    timestamp: Date.now(),
  });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  sandbox.clearFaults();
  const doc = transport.sent.map((s) => s.message).find((m): m is DocumentMessage => m.kind === 'document');
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `${label}: ${SIZE} RUC in ${(elapsed / 1000).toFixed(2)} s; requests ${sandbox.requestCount('/ruc')} /ruc + ` +
      `${sandbox.requestCount('/ruc/deuda-coactiva')} /ruc/deuda-coactiva; ` +
      `peak RSS ${mb(peakRss)} MiB (+${mb(peakRss - rssBefore)}), peak heap ${mb(peakHeap)} MiB; ` +
      `workbook ${((doc?.bytes.byteLength ?? 0) / 1024).toFixed(0)} KiB; messages ${transport.sent.length}\n`,
  );
  // Same list again: every answer from the cache.
  sandbox.resetRequests();
  const again = performance.now();
  await app.handle({
    id: `bench-${label}-again`,
    chatId: GROUP,
    isGroup: true,
    senderIds: ['51987654321@s.whatsapp.net'],
    text: `lote ${rucs.join(' ')}`,
    timestamp: Date.now(),
  });
  process.stdout.write(
    `${label}, same list again (cache): ${((performance.now() - again) / 1000).toFixed(2)} s; requests ${sandbox.requestCount()}\n`,
  );
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** `npm run bench -- batch`: the 200-RUC `lote` of issue 14 against the sandbox (concurrency 4). */
export async function bench(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  try {
    const rucs = seed(sandbox);
    await run(sandbox, rucs, 'sandbox, no added latency', 0);
    await run(sandbox, rucs, 'sandbox, 50 ms per request (a real API)', 50);
  } finally {
    await sandbox.close();
  }
}
