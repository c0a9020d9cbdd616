import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { table } from './figures.js';
import { type LoadResult, type SandboxPlace, sandboxProcess } from './whatsapp-load.js';

/**
 * A lean process (issue 22): what one number costs on a machine that runs fifty. Prints, in one
 * run and beside the floor (bare Node, Node with Baileys imported): `chasqui start`'s idle RSS,
 * the peak RSS of the 1,000-command WhatsApp burst (bench/whatsapp-load.ts, alone in its process)
 * and `chasqui chat`'s cold start to the first reply, with its CPU time. Each figure comes from a
 * fresh process; RSS is the kernel's (VmRSS of /proc, or maxRSS for the burst's peak).
 *
 * The targets are for the process an operator runs: `start` and the burst talk to a lookup API in
 * another process (a `chasqui sandbox`, as a deployment talks to the real API), with the memory
 * settings the image gives node (the Dockerfile's NODE_OPTIONS and MALLOC_ARENA_MAX, read from it).
 * Printed beside them: the same with plain `node` (the difference is those settings'; the burst's
 * CPU time with and without them is their cost), and with the sandbox inside the process (`npm
 * start` without LOOKUP_BASE_URL, the burst as `bench whatsapp` runs it: the difference is the
 * sandbox's). `chat` keeps its embedded sandbox (how it is used). Cold start is wall time and
 * depends on what else the machine runs: its CPU time (user + system, at the first reply) and the
 * load average are printed.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The CLI as users run it (`npx chasqui`, `npm start`, `npm run chat`): the launcher, which runs the bundle. */
const MAIN = path.join(ROOT, 'bin/chasqui.js');
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

/** How the image runs `chasqui start`: node's flags and script (its CMD) and the environment it adds. */
interface Runtime {
  execArgv: string[];
  env: Record<string, string>;
  script: string;
}

const PLAIN: Runtime = { execArgv: [], env: {}, script: MAIN };

/**
 * The image's runtime, read from the Dockerfile: the flags between `node` and the script on its
 * CMD, and MALLOC_ARENA_MAX from the runtime stage's ENV. The bench measures what is deployed, and
 * the two cannot drift apart.
 */
function deployedRuntime(): Runtime {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/gu, ' ');
  const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/mu));
  const cmd = JSON.parse(/^CMD (\[.*\])\s*$/mu.exec(runtime)?.[1] ?? '[]') as string[];
  const script = cmd.findIndex((arg, i) => i > 0 && !arg.startsWith('-'));
  if (cmd[0] !== 'node' || script < 0 || cmd[script + 1] !== 'start')
    throw new Error(`unexpected Dockerfile CMD: ${JSON.stringify(cmd)}`);
  const env: Record<string, string> = {};
  for (const [, line = ''] of runtime.matchAll(/^ENV (.+)$/gmu)) {
    const arenas = /\bMALLOC_ARENA_MAX=(\d+)/u.exec(line)?.[1];
    if (arenas !== undefined) env.MALLOC_ARENA_MAX = arenas;
  }
  return { execArgv: cmd.slice(1, script), env, script: path.join(ROOT, cmd[script]!) };
}

/** Idle RSS of a bare `node` running `code` (an ES module) that prints `ready` when loaded. */
async function floorRss(code: string, runtime: Runtime = PLAIN): Promise<number> {
  const child = spawn(process.execPath, [...runtime.execArgv, '--input-type=module', '-e', code], {
    cwd: ROOT,
    env: { ...process.env, ...runtime.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await waitForOutput(child, 'ready');
    return await settledRss(child);
  } finally {
    await stop(child);
  }
}

/**
 * `chasqui start` on a fresh data dir (no pairing, console on): its idle RSS. `api` = the lookup
 * API's base URL (a sandbox in another process); without it the embedded sandbox starts.
 * `runtime` = node's flags and environment (deployedRuntime), plain node by default.
 */
async function startIdleRss(api?: string, runtime: Runtime = PLAIN): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...runtime.env,
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
  const child = spawn(process.execPath, [...runtime.execArgv, runtime.script, 'start'], {
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

/** The 1,000-command WhatsApp burst, alone in a process of its own: its peak RSS and CPU time. */
function burstRun(sandbox: SandboxPlace, runtime: Runtime = PLAIN): Promise<LoadResult> {
  const file = fileURLToPath(new URL('./whatsapp-load.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(file, ['1000', sandbox], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, ...runtime.env },
      execArgv: runtime.execArgv,
    });
    let result: LoadResult | undefined;
    child.on('message', (message) => (result = message as LoadResult));
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`burst exited with ${code}`))));
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
  const deployed = deployedRuntime();
  const withBaileys =
    "await import('@whiskeysockets/baileys'); console.log('ready'); setInterval(() => {}, 1e9);";
  const baileys = await floorRss(withBaileys);
  const baileysDeployed = await floorRss(withBaileys, deployed);
  const api = await sandboxProcess();
  let idle: number;
  let idleDeployed: number;
  try {
    idle = await startIdleRss(api.baseUrl);
    idleDeployed = await startIdleRss(api.baseUrl, deployed);
  } finally {
    api.child.kill('SIGTERM');
  }
  const idleEmbedded = await startIdleRss();
  const burst = await burstRun('apart');
  const burstDeployed = await burstRun('apart', deployed);
  const burstEmbedded = await burstRun('in-process');
  const colds: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < COLD_STARTS; i++) colds.push(await chatColdStart());
  const cold = median(colds.map((c) => c.wall));
  const coldCpu = median(colds.map((c) => c.cpu));
  console.log(
    `process: idle RSS read ${SETTLE_MS / 1000} s after start (median of ${SAMPLES}); cold start = median of ${COLD_STARTS}`,
  );
  console.log(
    `  as deployed = as the Dockerfile runs it: node ${deployed.execArgv.join(' ')}, ${Object.entries(
      deployed.env,
    )
      .map(([key, value]) => `${key}=${value}`)
      .join(' ')}`,
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
    row('  same, as deployed', mb(baileysDeployed), 'MB', 1),
    row('chasqui start, idle RSS, as deployed', mb(idleDeployed), 'MB', 1, TARGETS.idleMb),
    row('  same, plain node', mb(idle), 'MB', 1),
    row('  same, plain node, sandbox inside (npm start demo)', mb(idleEmbedded), 'MB', 1),
    row(
      '1,000-command burst, peak RSS, as deployed',
      mb(burstDeployed.peakRssBytes),
      'MB',
      1,
      TARGETS.burstMb,
    ),
    row('  same, plain node', mb(burst.peakRssBytes), 'MB', 1),
    row('  same, plain node, sandbox inside (bench whatsapp)', mb(burstEmbedded.peakRssBytes), 'MB', 1),
    row('  its CPU time (user + system), as deployed', burstDeployed.cpuMs / 1000, 's', 2),
    row('  same, plain node', burst.cpuMs / 1000, 's', 2),
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
