import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './whatsapp-load.js';

/**
 * Load test of the WhatsApp path at two sizes side by side: a 1,000-command burst and a
 * 30,000-command backlog (what an outage or a restriction leaves queued). Each size runs in a
 * fresh process (bench/whatsapp-load.ts), so its peak RSS is that run's alone. The backlog must
 * drain at the burst's rate within 20%: picking the next message must not cost more with depth.
 */

const SIZES = [1_000, 30_000] as const;
/** The backlog's rate may be this much lower than the burst's. */
const TOLERANCE = 0.2;

/** Runs one size in a child process (same flags as this one) and returns its figures. */
function runChild(commands: number): Promise<LoadResult> {
  const file = fileURLToPath(new URL('./whatsapp-load.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(file, [String(commands)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: LoadResult | undefined;
    child.on('message', (message) => (result = message as LoadResult));
    child.on('error', reject);
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`whatsapp load run (${commands}) exited with ${code}`)),
    );
  });
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** Replies out per second, first command in → last reply out. */
const rate = (r: LoadResult): number => r.replies / (r.elapsedMs / 1000);

/** One row of the side-by-side table: a label and one cell per size. */
function row(label: string, results: LoadResult[], cell: (r: LoadResult) => string): string {
  return `  ${label.padEnd(30)}${results.map((r) => cell(r).padStart(18)).join('')}`;
}

export async function bench(): Promise<void> {
  const results: LoadResult[] = [];
  for (const size of SIZES) results.push(await runChild(size));
  const [small, large] = results as [LoadResult, LoadResult];
  const ratio = rate(large) / rate(small);
  const drainOk = ratio >= 1 - TOLERANCE;
  const ok = results.every((r) => r.ok) && drainOk;
  process.stdout.write(
    [
      'whatsapp: commands from 50 groups (+200 replayed duplicates) via fake socket → app → outbox;',
      'pacing 0–2 ms random delay, 5 ms per-chat gap; each size in a process of its own',
      row('commands', results, (r) => r.commands.toLocaleString('en-US')),
      row('answered exactly once', results, (r) => `${r.answeredOnce}/${r.commands}`),
      row('replies sent', results, (r) => String(r.replies)),
      row('lookups hitting the sandbox', results, (r) => String(r.sandboxRequests)),
      row('min per-chat gap (≥ 5 ms)', results, (r) => `${r.minChatGapMs.toFixed(2)} ms`),
      row('all queued after', results, (r) => `${r.queued} in ${(r.queuedAfterMs / 1000).toFixed(2)} s`),
      row('last reply out after', results, (r) => `${(r.elapsedMs / 1000).toFixed(2)} s`),
      row('messages/s (in → out)', results, (r) => rate(r).toFixed(0)),
      row('CPU time (user + system)', results, (r) => `${(r.cpuMs / 1000).toFixed(2)} s`),
      row('replies per CPU second', results, (r) => (r.replies / (r.cpuMs / 1000)).toFixed(0)),
      row('peak RSS (kernel)', results, (r) => mb(r.peakRssBytes)),
      row('peak heap (sampled)', results, (r) => mb(r.peakHeapBytes)),
      `  backlog rate / burst rate: ${(ratio * 100).toFixed(0)}% (must be ≥ ${(100 * (1 - TOLERANCE)).toFixed(0)}%)`,
      `  ${ok ? 'OK' : 'FAILED'}`,
      '',
    ].join('\n'),
  );
  if (!ok) process.exitCode = 1;
}
