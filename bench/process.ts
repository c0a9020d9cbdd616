import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { table } from './figures.js';
import type { LoadResult, SandboxPlace } from './whatsapp-load.js';

/**
 * A lean process (issue 22): what one number costs on a machine that runs fifty. Prints, in one
 * run and beside the floor (bare Node, Node with Baileys imported): `chasqui start`'s idle RSS,
 * the peak RSS of the 1,000-command WhatsApp burst (bench/whatsapp-load.ts, alone in its process)
 * and `chasqui chat`'s cold start to the first reply, with its CPU time. Each figure comes from a
 * fresh process; RSS is the kernel's (VmRSS of /proc, or maxRSS for the burst's peak).
 *
 * The targets are for the process an operator runs: `start` and the burst talk to a lookup API in
 * another process (a `chasqui sandbox`, as a deployment talks to the real API). The same figures
 * with the sandbox inside the process (`npm start` without LOOKUP_BASE_URL, and the burst as
 * `bench whatsapp` runs it) are printed beside them: the difference is the sandbox's. `chat` keeps
 * its embedded sandbox (how it is used). Cold start is wall time and depends on what else the
 * machine runs: its CPU time (user + system, at the first reply) and the load average are printed.
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

/** `chasqui sandbox` in a process of its own: the lookup API `start` talks to, as a deployment does. */
async function sandboxProcess(): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [MAIN, 'sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const url = /LOOKUP_BASE_URL=(\S+)/u.exec(seen)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${seen}`)));
  });
  return { baseUrl, child };
}

/**
 * `chasqui start` on a fresh data dir (no pairing, console on): its idle RSS. `api` = the lookup
 * API's base URL (a sandbox in another process); without it the embedded sandbox starts.
 */
async function startIdleRss(api?: string): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHASQUI_DATA_DIR: dataDir,
    CHASQUI_CONSOLE_PORT: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.LOOKUP_BASE_URL;
  delete env.CHASQUI_CONFIG;
  if (api) {
    env.LOOKUP_BASE_URL = api;
    env.LOOKUP_TOKEN = 'sandbox-token';
  }
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

/** CPU seconds (user + system) a process has used so far, from the kernel (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `chasqui chat --json` from spawn to its first reply on stdout: wall seconds and CPU seconds. */
async function chatColdStart(): Promise<{ wall: number; cpu: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-chat-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CHASQUI_DATA_DIR: dataDir };
  delete env.LOOKUP_BASE_URL;
  delete env.CHASQUI_CONFIG;
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN, 'chat', '--json'], {
    cwd: dataDir,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  try {
    child.stdin.end('ruc 20123456786\n');
    await waitForOutput(child, '\n');
    const wall = (performance.now() - started) / 1000;
    return { wall, cpu: cpuSecondsOf(child.pid!) };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Peak RSS of the 1,000-command WhatsApp burst, alone in a process of its own. */
function burstPeakRss(sandbox: SandboxPlace): Promise<number> {
  const file = fileURLToPath(new URL('./whatsapp-load.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(file, ['1000', sandbox], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    let result: LoadResult | undefined;
    child.on('message', (message) => (result = message as LoadResult));
    child.on('error', reject);
    child.on('exit', (code) =>
      result ? resolve(result.peakRssBytes) : reject(new Error(`burst exited with ${code}`)),
    );
  });
}

const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'ABOVE');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

export async function bench(): Promise<void> {
  const loadBefore = load();
  const bare = await floorRss("console.log('ready'); setInterval(() => {}, 1e9);");
  const baileys = await floorRss(
    "await import('@whiskeysockets/baileys'); console.log('ready'); setInterval(() => {}, 1e9);",
  );
  const api = await sandboxProcess();
  let idle: number;
  try {
    idle = await startIdleRss(api.baseUrl);
  } finally {
    api.child.kill('SIGTERM');
  }
  const idleEmbedded = await startIdleRss();
  const burst = await burstPeakRss('apart');
  const burstEmbedded = await burstPeakRss('in-process');
  const colds: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < COLD_STARTS; i++) colds.push(await chatColdStart());
  const cold = median(colds.map((c) => c.wall));
  const coldCpu = median(colds.map((c) => c.cpu));
  console.log(
    `process: idle RSS read ${SETTLE_MS / 1000} s after start (median of ${SAMPLES}); cold start = median of ${COLD_STARTS}`,
  );
  const row = (label: string, value: number, unit: string, digits: number, target?: number) => [
    label,
    `${value.toFixed(digits)} ${unit}`,
    target === undefined ? '' : `≤ ${target} ${unit}`,
    target === undefined ? '' : verdict(value, target),
  ];
  table([
    ['process', 'figure', 'target', ''],
    row('floor: bare node, idle RSS', mb(bare), 'MB', 1),
    row('floor: node + Baileys imported, idle RSS', mb(baileys), 'MB', 1),
    row('chasqui start, idle RSS', mb(idle), 'MB', 1, TARGETS.idleMb),
    row('  same, sandbox inside (npm start demo)', mb(idleEmbedded), 'MB', 1),
    row('1,000-command burst, peak RSS', mb(burst), 'MB', 1, TARGETS.burstMb),
    row('  same, sandbox inside (bench whatsapp)', mb(burstEmbedded), 'MB', 1),
    row('chasqui chat, cold start to first reply', cold, 's', 2, TARGETS.coldStartS),
    row('  its CPU time (user + system)', coldCpu, 's', 2),
  ]);
  console.log(
    `  cold starts: ${colds.map((c) => `${c.wall.toFixed(2)} s (CPU ${c.cpu.toFixed(2)})`).join(', ')}`,
  );
  console.log(
    `  load average (1, 5, 15 min): ${loadBefore} before, ${load()} after; ${os.cpus().length} CPUs`,
  );
}
