import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { table } from './figures.js';
import type { LoadResult } from './whatsapp-load.js';

/**
 * A lean process (issue 22): what one number costs on a machine that runs fifty. Prints, in one
 * run and beside the floor (bare Node, Node with Baileys imported): `chasqui start`'s idle RSS,
 * the peak RSS of the 1,000-command WhatsApp burst (bench/whatsapp-load.ts, alone in its process)
 * and `chasqui chat`'s cold start to the first reply. Each figure comes from a fresh process; RSS
 * is the kernel's (VmRSS of /proc, or maxRSS for the burst's peak).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'dist/src/main.js');
/** How long a process sits idle before its RSS is read, and how many samples are taken then. */
const SETTLE_MS = 8_000;
const SAMPLES = 5;
const COLD_STARTS = 5;
const TARGETS = { idleMb: 110, burstMb: 160, coldStartS: 0.6 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;

/** The process's resident set now, from the kernel (bytes). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/** Resolves once `text` appears on the child's stdout (or rejects when it exits first). */
function waitForOutput(child: ChildProcess, text: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${seen}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before "${text}":\n${seen}`));
    });
  });
}

/** Median RSS of a settled process: SAMPLES readings one second apart after SETTLE_MS. */
async function settledRss(child: ChildProcess): Promise<number> {
  await sleep(SETTLE_MS);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    samples.push(rssOf(child.pid!));
    await sleep(1_000);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

/** Idle RSS of a bare `node` running `code` (an ES module) that prints `ready` when loaded. */
async function floorRss(code: string): Promise<number> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await waitForOutput(child, 'ready');
    return await settledRss(child);
  } finally {
    await stop(child);
  }
}

/** `chasqui start` on a fresh data dir (sandbox data, no pairing, console on): its idle RSS. */
async function startIdleRss(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHASQUI_DATA_DIR: dataDir,
    CHASQUI_CONSOLE_PORT: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.LOOKUP_BASE_URL;
  const child = spawn(process.execPath, [MAIN, 'start'], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await waitForOutput(child, 'console: http');
    return await settledRss(child);
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Seconds from spawning `chasqui chat --json` to its first reply on stdout. */
async function chatColdStart(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-chat-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CHASQUI_DATA_DIR: dataDir };
  delete env.LOOKUP_BASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN, 'chat', '--json'], {
    cwd: dataDir,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  try {
    child.stdin.end('ruc 20123456786\n');
    await waitForOutput(child, '\n');
    return (performance.now() - started) / 1000;
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Peak RSS of the 1,000-command WhatsApp burst, alone in a process of its own. */
function burstPeakRss(): Promise<number> {
  const file = fileURLToPath(new URL('./whatsapp-load.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(file, ['1000'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    let result: LoadResult | undefined;
    child.on('message', (message) => (result = message as LoadResult));
    child.on('error', reject);
    child.on('exit', (code) =>
      result ? resolve(result.peakRssBytes) : reject(new Error(`burst exited with ${code}`)),
    );
  });
}

const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'ABOVE');

export async function bench(): Promise<void> {
  const bare = await floorRss("console.log('ready'); setInterval(() => {}, 1e9);");
  const baileys = await floorRss(
    "await import('@whiskeysockets/baileys'); console.log('ready'); setInterval(() => {}, 1e9);",
  );
  const idle = await startIdleRss();
  const burst = await burstPeakRss();
  const colds: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) colds.push(await chatColdStart());
  colds.sort((a, b) => a - b);
  const cold = colds[Math.floor(colds.length / 2)]!;
  console.log(
    `process: idle RSS read ${SETTLE_MS / 1000} s after start (median of ${SAMPLES}); cold start = median of ${COLD_STARTS}`,
  );
  table([
    ['process', 'figure', 'target', ''],
    ['floor: bare node, idle RSS', `${mb(bare).toFixed(1)} MB`, '', ''],
    ['floor: node + Baileys imported, idle RSS', `${mb(baileys).toFixed(1)} MB`, '', ''],
    [
      'chasqui start, idle RSS',
      `${mb(idle).toFixed(1)} MB`,
      `≤ ${TARGETS.idleMb} MB`,
      verdict(mb(idle), TARGETS.idleMb),
    ],
    [
      '1,000-command burst, peak RSS',
      `${mb(burst).toFixed(1)} MB`,
      `≤ ${TARGETS.burstMb} MB`,
      verdict(mb(burst), TARGETS.burstMb),
    ],
    [
      'chasqui chat, cold start to first reply',
      `${cold.toFixed(2)} s`,
      `≤ ${TARGETS.coldStartS} s`,
      verdict(cold, TARGETS.coldStartS),
    ],
  ]);
  console.log(`  cold starts: ${colds.map((s) => s.toFixed(2)).join(', ')} s`);
}
