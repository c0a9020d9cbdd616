import { Pool } from 'undici';
import { createLookupClient } from '../src/lookup/client.js';
import { startSandbox } from '../src/sandbox/server.js';

const RUC = '20123456786';
const REQUESTS = 3000;
/** Both sides are warmed at each concurrency before measuring, so the JIT has settled. */
const WARMUP = 2000;
/** Requests are run in alternating blocks (ABBA) so machine noise hits both sides alike. */
const BLOCKS = 10;

interface Result {
  rps: number;
  /** Process CPU time per request (client + in-process sandbox), robust to a busy machine. */
  cpuUs: number;
  p50: number;
  p99: number;
}

/**
 * Client overhead vs bare undici: POST /ruc against the sandbox on loopback, at concurrency 1
 * and 8. The sandbox runs in the same process, so both sides share its cost; the ratio is what
 * matters (target: client within 15% of bare). Prints figures only.
 */
export async function bench(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const url = new URL(`${sandbox.baseUrl}/ruc`);
  const pool = new Pool(url.origin, { keepAliveTimeout: 10_000 });
  const headers = { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' };
  const client = createLookupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });

  const bare = async (): Promise<void> => {
    const res = await pool.request({
      origin: url.origin,
      path: url.pathname,
      method: 'POST',
      headers,
      body: JSON.stringify({ ruc: RUC }),
    });
    const json = (await res.body.json()) as { success?: boolean };
    if (res.statusCode !== 200 || json.success !== true)
      throw new Error(`bare request failed: ${res.statusCode}`);
  };
  const typed = async (): Promise<void> => {
    await client.ruc(RUC);
  };

  try {
    const rows: string[][] = [];
    for (const concurrency of [1, 8]) {
      await run(bare, WARMUP, concurrency);
      await run(typed, WARMUP, concurrency);
      const bareRun = new Run(REQUESTS);
      const clientRun = new Run(REQUESTS);
      const size = REQUESTS / BLOCKS;
      for (let block = 0; block < BLOCKS; block++) {
        const order = block % 2 === 0 ? [bareRun, clientRun] : [clientRun, bareRun];
        for (const side of order) await side.block(side === bareRun ? bare : typed, size, concurrency);
      }
      const bareResult = bareRun.result();
      const clientResult = clientRun.result();
      const overhead = (bareResult.rps / clientResult.rps - 1) * 100;
      const overheadCpu = (clientResult.cpuUs / bareResult.cpuUs - 1) * 100;
      rows.push(row(`bare undici  c=${concurrency}`, bareResult, ['', '']));
      rows.push(
        row(`client.ruc() c=${concurrency}`, clientResult, [
          `${overhead.toFixed(1)}%`,
          `${overheadCpu.toFixed(1)}%`,
        ]),
      );
    }
    print(rows);
  } finally {
    await client.close();
    await pool.close();
    await sandbox.close();
  }
}

/** Latencies and busy time of one side, accumulated over its blocks. */
class Run {
  readonly #latencies: Float64Array;
  #count = 0;
  #ms = 0;
  #cpuUs = 0;
  constructor(total: number) {
    this.#latencies = new Float64Array(total);
  }

  async block(fn: () => Promise<void>, total: number, concurrency: number): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < total) {
        next++;
        const started = performance.now();
        await fn();
        this.#latencies[this.#count++] = performance.now() - started;
      }
    };
    const started = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const used = process.cpuUsage(cpu);
    this.#cpuUs += used.user + used.system;
    this.#ms += performance.now() - started;
  }

  result(): Result {
    const sorted = this.#latencies.subarray(0, this.#count).sort();
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    return {
      rps: this.#count / (this.#ms / 1000),
      cpuUs: this.#cpuUs / this.#count,
      p50: at(0.5),
      p99: at(0.99),
    };
  }
}

async function run(fn: () => Promise<void>, total: number, concurrency: number): Promise<void> {
  await new Run(total).block(fn, total, concurrency);
}

function row(name: string, r: Result, overheads: string[]): string[] {
  return [name, r.rps.toFixed(0), r.p50.toFixed(3), r.p99.toFixed(3), r.cpuUs.toFixed(1), ...overheads];
}

function print(rows: string[][]): void {
  const header = [
    'lookup: POST /ruc (loopback sandbox)',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU us/req',
    'overhead req/s',
    'overhead CPU',
  ];
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((r) => (r[col] ?? '').length)));
  for (const r of all) {
    console.log(
      r
        .map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0)))
        .join('  '),
    );
  }
  console.log(
    `(${REQUESTS} requests per side in ${BLOCKS} alternating blocks; overhead req/s = bare req/s / client req/s - 1; overhead CPU = client CPU/req / bare CPU/req - 1)`,
  );
}
