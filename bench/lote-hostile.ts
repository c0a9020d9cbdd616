import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { rucCheckDigit } from '../src/language/index.js';
import { startSandbox } from '../src/sandbox/server.js';
import { batchBenchApp } from './batch.js';
import { xlsxBomb } from './hostile-files.js';

/**
 * Hostile `lote` attachments (issue 19). Part 1: `chasqui chat --attach FILE` as a separate
 * process per file, its peak RSS read from /proc (VmHWM) — the target is ≤ 300 MB with a 400 MB
 * zip bomb. Part 2: the app in this process, RSS sampled every 5 ms during each `lote` against
 * the idle RSS before it — the target is +100 MB at most, for hostile and legitimate files alike.
 */

const MIB = 1024 * 1024;
const GROUP = '120363000000000001@g.us';
const mb = (bytes: number) => (bytes / MIB).toFixed(0);

interface Case {
  label: string;
  file: string;
}

/** Peak RSS (VmHWM, kB) of a running process; 0 once it is gone. */
function peakRssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/u.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Runs `chasqui chat [--attach FILE]` with one input line; its first reply line and peak RSS. */
async function chatProcess(
  line: string,
  file?: string,
): Promise<{ reply: string; peakKb: number; ms: number }> {
  const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.js');
  const args = [main, 'chat', ...(file ? ['--attach', file] : [])];
  const env = { ...process.env, LOOKUP_BASE_URL: '', CHASQUI_DATA_DIR: '', CHASQUI_CONFIG: '' };
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  let peakKb = 0;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, peakRssKb(child.pid ?? 0))), 10);
  child.stdin.end(`${line}\n`);
  await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  return { reply: out.trim().split('\n')[0] ?? '', peakKb, ms: performance.now() - started };
}

/** A real-looking workbook: `rows` rows of 6 columns, the RUC column cycling through `rucs`. */
async function legitWorkbook(rows: number, rucs: string[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Proveedores');
  sheet.addRow(['Código', 'Razón social', 'RUC', 'Monto', 'Fecha', 'Observación']);
  for (let i = 0; i < rows; i++) {
    sheet.addRow([i + 1, `Proveedor ficticio ${i}`, rucs[i % rucs.length], 100 + i, '2026-11-20', 'ok']);
  }
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

/** The largest kind of workbook still accepted: every cell distinct text (a big shared-string table). */
async function wideWorkbook(rows: number, columns: number, rucs: string[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Proveedores');
  for (let i = 0; i < rows; i++) {
    sheet.addRow(
      Array.from({ length: columns }, (_, c) =>
        c === 2 ? rucs[i % rucs.length] : `texto ${i} ${c} de un proveedor`,
      ),
    );
  }
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

function fictionalRucs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const first10 = `20${String(81000000 + i)}`;
    return `${first10}${rucCheckDigit(first10)}`;
  });
}

/** Part 2: every file through the app in this process; peak RSS over the idle RSS per `lote`. */
async function inProcess(cases: Case[]): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const { app, transport, dataDir } = batchBenchApp(sandbox, 'chasqui-bench-hostile-');
  try {
    for (const [index, item] of cases.entries()) {
      const bytes = new Uint8Array(readFileSync(item.file));
      globalThis.gc?.();
      const idle = process.memoryUsage().rss;
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const before = transport.sent.length;
      const started = performance.now();
      await app.handle({
        id: `hostile-${index}`,
        chatId: GROUP,
        isGroup: true,
        chatName: 'Despacho Lima',
        senderIds: ['51987654321@s.whatsapp.net'],
        text: 'lote',
        timestamp: Date.now(),
        document: {
          fileName: path.basename(item.file),
          mimetype: 'application/octet-stream',
          size: bytes.byteLength,
          download: async () => bytes,
        },
      });
      const ms = performance.now() - started;
      clearInterval(sampler);
      const answer = transport.sent
        .slice(before)
        .map((s) => (s.message.kind === 'text' ? s.message.text : `[${s.message.fileName}]`))
        .join(' | ');
      process.stdout.write(
        `  ${item.label}: idle ${mb(idle)} MiB, peak +${mb(peak - idle)} MiB, ${(ms / 1000).toFixed(2)} s → ${answer.slice(0, 70)}\n`,
      );
    }
  } finally {
    await app.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- lote-hostile`. */
export async function bench(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-hostile-'));
  try {
    const write = (name: string, bytes: Uint8Array) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      return file;
    };
    const big = 400 * MIB;
    const rucs = fictionalRucs(200);
    const noise = Uint8Array.from({ length: 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24);
    const cases: Case[] = [
      {
        label: 'zip bomb, 400 MB of rows, honest headers',
        file: write('filas.xlsx', await xlsxBomb({ bytes: big })),
      },
      {
        label: 'zip bomb, one 400 MB cell, honest headers',
        file: write('celda.xlsx', await xlsxBomb({ bytes: big, shape: 'cell' })),
      },
      {
        label: 'zip bomb, 400 MB of rows, headers declaring 4 KB',
        file: write('miente.xlsx', await xlsxBomb({ bytes: big, declaredBytes: 4096 })),
      },
      { label: 'binary data named .csv (1 MiB)', file: write('binario.csv', noise) },
      {
        label: 'legitimate workbook, 20,000 rows, 200 RUC',
        file: write('proveedores.xlsx', await legitWorkbook(19_999, rucs)),
      },
      {
        label: 'largest accepted workbook, 20,000 rows x 9 distinct texts (~15 MB unzipped)',
        file: write('ancho.xlsx', await wideWorkbook(20_000, 9, rucs)),
      },
      {
        label: 'legitimate .csv, 20,000 lines, 200 RUC',
        file: write(
          'proveedores.csv',
          new TextEncoder().encode(rucs.flatMap((r) => Array(100).fill(`Proveedor;${r};100`)).join('\n')),
        ),
      },
    ];
    for (const item of cases) {
      const size = readFileSync(item.file).byteLength;
      process.stdout.write(
        `  file ${path.basename(item.file)}: ${(size / 1024).toFixed(0)} KiB (${item.label})\n`,
      );
    }
    process.stdout.write(
      'chasqui chat --attach FILE, whole process (peak RSS from /proc/<pid>/status VmHWM):\n',
    );
    const idle = await chatProcess('ayuda');
    process.stdout.write(`  no attachment ("ayuda"): peak RSS ${mb(idle.peakKb * 1024)} MiB\n`);
    for (const item of cases.slice(0, 4)) {
      const run = await chatProcess('lote', item.file);
      process.stdout.write(
        `  ${item.label}: peak RSS ${mb(run.peakKb * 1024)} MiB, ${(run.ms / 1000).toFixed(1)} s → ${run.reply.slice(0, 70)}\n`,
      );
    }
    process.stdout.write(
      'In process, RSS during each lote over the idle RSS before it (sampled every 5 ms):\n',
    );
    await inProcess(cases);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
