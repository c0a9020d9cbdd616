import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { livePath } from '../src/padron/files.js';
import { updatePadron } from '../src/padron/importer.js';
import { openPadronReader } from '../src/padron/reader.js';
import { startSandbox } from '../src/sandbox/server.js';

/**
 * `npm run bench -- padron`: imports a generated 2,000,000-row padrón (the sandbox's, fetched once
 * into a cached file before timing, then served from disk over loopback so only the import is
 * timed), then times point lookups and name searches on the result. Peak RSS is sampled during
 * the import only. Targets (issue 23): ≥ 250,000 rows/s, ≤ 150 MB, lookup p50 ≤ 20 µs, search p50 ≤ 20 ms.
 */

const ROWS = Number(process.env.PADRON_BENCH_ROWS ?? 2_000_000);
const LOOKUPS = 100_000;
const SEARCHES = 1_000;
const EDITION = '2026-11-24';

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The generated ZIP, made once per size (about half a minute for 2 M rows) and kept in the temp dir. */
async function generatedZip(): Promise<string> {
  const file = path.join(os.tmpdir(), `chasqui-bench-padron-${ROWS}-${EDITION}.zip`);
  if (existsSync(file)) return file;
  const sandbox = await startSandbox({ port: 0 });
  const started = performance.now();
  try {
    const response = await fetch(`${sandbox.padronUrl}?rows=${ROWS}&edition=${EDITION}`);
    if (!response.ok || !response.body) throw new Error(`sandbox answered ${response.status}`);
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(`${file}.part`));
    renameSync(`${file}.part`, file);
  } finally {
    await sandbox.close();
  }
  process.stdout.write(
    `(generated ${ROWS} rows once: ${mb(statSync(file).size)} MB ZIP in ${((performance.now() - started) / 1000).toFixed(1)} s, cached at ${file})\n`,
  );
  return file;
}

/** Serves the file like SUNAT's server: Content-Length, ETag, Last-Modified. */
async function serve(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const size = statSync(file).size;
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/zip',
      'content-length': size,
      etag: `"bench-${size}"`,
      'last-modified': new Date(`${EDITION}T05:00:00Z`).toUTCString(),
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/padron_reducido_ruc.zip`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function bench(): Promise<void> {
  const zip = await generatedZip();
  const server = await serve(zip);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-padron-'));
  try {
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await updatePadron({ dataDir, url: server.url, minRowFraction: 0.9, sandbox: true });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (result.status !== 'updated') throw new Error('the bench import did not run');
    const rows = result.edition.rows;
    process.stdout.write(
      `padron import: ${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s, ` +
        `peak RSS ${mb(peak)} MB, file ${mb(result.fileBytes)} MB\n`,
    );
    process.stdout.write(
      `  (main-thread CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores; ` +
        `RSS before the import ${mb(before)} MB, as bench/run.ts loads every section: the import added ${mb(peak - before)} MB)\n`,
    );

    // Lookups and searches through the port, on RUCs and names taken from the edition itself.
    const sample = new Database(livePath(dataDir), { readonly: true });
    const picked = sample
      .prepare('SELECT ruc, name FROM taxpayer WHERE rowid % ? = 0 LIMIT ?')
      .all(Math.max(1, Math.floor(rows / 20_000)), 20_000) as { ruc: number; name: string }[];
    sample.close();
    const reader = openPadronReader(dataDir, { recheckMs: 60_000 });
    const rucs = picked.map((p) => String(p.ruc));
    for (let i = 0; i < 1_000; i++) reader.lookupRuc(rucs[i % rucs.length] as string); // warm the statement
    const lookups: number[] = [];
    for (let i = 0; i < LOOKUPS; i++) {
      const ruc = rucs[(i * 7_919) % rucs.length] as string;
      const t0 = performance.now();
      const hit = reader.lookupRuc(ruc);
      lookups.push((performance.now() - t0) * 1000);
      if (!hit) throw new Error(`lookup missed ${ruc}`);
    }
    lookups.sort((a, b) => a - b);
    process.stdout.write(
      `padron lookup: p50 ${quantile(lookups, 0.5).toFixed(1)} µs, p99 ${quantile(lookups, 0.99).toFixed(1)} µs\n`,
    );

    // What a user types for a company: its first two words (one for a one-word name).
    const queries = picked.map((p) => p.name.split(' ').slice(0, 2).join(' '));
    const searches: number[] = [];
    let found = 0;
    for (let i = 0; i < SEARCHES; i++) {
      const query = queries[(i * 104_729) % queries.length] as string;
      const t0 = performance.now();
      found += reader.searchName(query, 10).length > 0 ? 1 : 0;
      searches.push(performance.now() - t0);
    }
    searches.sort((a, b) => a - b);
    reader.close();
    process.stdout.write(
      `padron search: p50 ${quantile(searches, 0.5).toFixed(1)} ms, p99 ${quantile(searches, 0.99).toFixed(1)} ms\n`,
    );
    process.stdout.write(
      `  (${found} of ${SEARCHES} searches found the name; queries = first two words of a listed name)\n`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
