import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { updatePadron } from '../src/padron/importer.js';

/**
 * The import half of `npm run bench -- padron`, run in a process of its own (as `chasqui padron
 * update` runs) so that its peak RSS is the kernel's high-water mark of the import alone, every
 * thread included, not of the bench process that loaded every other section.
 * Usage: node dist/bench/padron-import.js URL DATA_DIR; prints one JSON line.
 */

const kib = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) *
  1024;

async function main(): Promise<void> {
  const [url, dataDir] = process.argv.slice(2);
  if (!url || !dataDir) throw new Error('usage: padron-import.js URL DATA_DIR');
  const rssBefore = kib('VmRSS');
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await updatePadron({ dataDir, url, minRowFraction: 0.9, sandbox: true });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if (result.status !== 'updated') throw new Error('the bench import did not run');
  process.stdout.write(
    `${JSON.stringify({
      rows: result.edition.rows,
      seconds,
      fileBytes: result.fileBytes,
      peakRss: kib('VmHWM'),
      rssBefore,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      load: os.loadavg()[0],
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
