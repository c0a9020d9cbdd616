import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { livePath } from '../src/padron/files.js';
import { openPadronReader } from '../src/padron/reader.js';
import { startSandbox } from '../src/sandbox/server.js';

/**
 * `npm run bench -- padron`: imports a generated 2,000,000-row padrón (the sandbox's, fetched once
 * into a cached file before timing, then served from disk over loopback so only the import is
 * timed; the import runs in a child process, see padron-import.ts, whose kernel high-water mark
 * is the peak RSS), then times point lookups and name searches on the result. Targets (issue 23): ≥ 250,000 rows/s, ≤ 150 MB, lookup p50 ≤ 20 µs, search p50 ≤ 20 ms.
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

interface ImportFigures {
  rows: number;
  seconds: number;
  fileBytes: number;
  peakRss: number;
  rssBefore: number;
  cpuSeconds: number;
  load: number;
}

/** Runs bench/padron-import.ts in a child process and reads its one JSON line. */
async function importInChild(url: string, dataDir: string): Promise<ImportFigures> {
  const script = fileURLToPath(new URL('./padron-import.js', import.meta.url));
  const child = spawn(process.execPath, [script, url, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the bench import failed (exit ${code})`);
  return JSON.parse(out) as ImportFigures;
}

/** Latency of SEARCHES name searches (10 results each) spread over the queries. */
function timeSearches(
  reader: ReturnType<typeof openPadronReader>,
  queries: string[],
): { p50: number; p99: number; found: number } {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const query = queries[(i * 104_729) % queries.length] as string;
    const t0 = performance.now();
    found += reader.searchName(query, 10).length > 0 ? 1 : 0;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), found };
}

export async function bench(): Promise<void> {
  const zip = await generatedZip();
  const server = await serve(zip);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-padron-'));
  try {
    const figures = await importInChild(server.url, dataDir);
    const rows = figures.rows;
    process.stdout.write(
      `padron import: ${rows} rows in ${figures.seconds.toFixed(1)} s = ${Math.round(rows / figures.seconds)} rows/s, ` +
        `peak RSS ${mb(figures.peakRss)} MB, file ${mb(figures.fileBytes)} MB\n`,
    );
    process.stdout.write(
      `  (download over loopback included; CPU ${figures.cpuSeconds.toFixed(1)} s over all threads, ` +
        `${((figures.cpuSeconds * 1e6) / rows).toFixed(2)} s per million rows; ` +
        `load average ${figures.load.toFixed(1)} on ${os.cpus().length} cores; peak RSS is the import process's ` +
        `high-water mark, ${mb(figures.rssBefore)} MB before it started)\n`,
    );

    // Lookups and searches through the port, on RUCs and names taken from the edition itself.
    const reader = openPadronReader(dataDir, { recheckMs: 60_000 });
    const sample = new Database(livePath(dataDir), { readonly: true });
    const picked = (
      sample
        .prepare('SELECT ruc FROM taxpayer WHERE rowid % ? = 0 LIMIT ?')
        .all(Math.max(1, Math.floor(rows / 20_000)), 20_000) as { ruc: number }[]
    ).map(({ ruc }) => ({ ruc, name: reader.lookupRuc(String(ruc))?.name ?? '' }));
    sample.close();
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

    // What a user types for a company: its first two words (one for a one-word name); and the
    // same with the second word cut to 4 letters, as someone still typing it (prefix queries).
    const words = picked.map((p) => p.name.split(' ').slice(0, 2));
    const whole = timeSearches(
      reader,
      words.map((w) => w.join(' ')),
    );
    const cut = timeSearches(
      reader,
      words.map(([first, second]) => (second ? `${first} ${second.slice(0, 4)}` : (first ?? ''))),
    );
    reader.close();
    process.stdout.write(`padron search: p50 ${whole.p50.toFixed(1)} ms, p99 ${whole.p99.toFixed(1)} ms\n`);
    process.stdout.write(
      `  (${whole.found} of ${SEARCHES} searches found names; queries = first two words of a listed name. ` +
        `With the second word cut to 4 letters: p50 ${cut.p50.toFixed(1)} ms, p99 ${cut.p99.toFixed(1)} ms)\n`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
