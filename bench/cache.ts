import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LookupApi } from '../src/lookup/api.js';
import { createStoredLookup } from '../src/app/stored-lookup.js';
import { taxpayers } from '../src/sandbox/fixtures/index.js';
import { openDatabase } from '../src/app/database.js';
import { createUsageRepo } from '../src/store/usage.js';

/**
 * Cost of the cache layer over a zero-latency inner API, on a real WAL database file: a hit
 * (read + unseal + usage insert), a miss (hash + call + seal + write + usage insert) and a burst of
 * identical concurrent calls. Prints µs per call (p50/p99); asserts nothing.
 */
const RUNS = 20_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(label: string, samples: number[]): void {
  samples.sort((a, b) => a - b);
  console.log(
    `cache: ${label.padEnd(34)} p50 ${percentile(samples, 50).toFixed(1)} µs  p99 ${percentile(samples, 99).toFixed(1)} µs`,
  );
}

export async function bench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chasqui-bench-cache-'));
  const db = openDatabase({ dir });
  try {
    const taxpayer = taxpayers['20123456786'];
    let upstream = 0;
    const inner = {
      ruc: async () => {
        upstream += 1;
        return taxpayer;
      },
    } as unknown as LookupApi;
    const api = createStoredLookup(inner, { db, ttlSeconds: {}, usage: createUsageRepo(db) }).forChat(
      '120363000000000001@g.us',
    );

    const miss: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const ruc = String(20_000_000_000 + i);
      const start = performance.now();
      await api.ruc(ruc);
      miss.push((performance.now() - start) * 1000);
    }
    report(`miss (${RUNS} distinct RUCs)`, miss);

    const hit: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await api.ruc(String(20_000_000_000 + (i % 1000)));
      hit.push((performance.now() - start) * 1000);
    }
    report('hit', hit);

    const before = upstream;
    const start = performance.now();
    await Promise.all(Array.from({ length: 1000 }, () => api.ruc('20999999999')));
    const burstMs = performance.now() - start;
    console.log(
      `cache: 1000 concurrent identical calls   ${burstMs.toFixed(1)} ms total, ${upstream - before} upstream call(s)`,
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
