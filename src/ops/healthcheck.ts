import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { LOCK_FILE, LOCK_HEARTBEAT_MS, processAlive } from '../store/lock.js';

/**
 * The container's health check (`bin/healthcheck.js`, Docker's HEALTHCHECK). It reads only the
 * environment and imports nothing heavy, since it runs every 30 s beside the bot. With the console
 * on it asks `/healthz`; with `CHASQUI_CONSOLE_PORT=off` (or `0`, no fixed port) there is no
 * endpoint, so it checks the data-directory lock instead: held by a live process whose heartbeat
 * (refreshed by a timer on the event loop) is recent.
 */

/** Same defaults as CONFIG_DEFAULTS in src/config.ts (kept light here; a test compares them). */
export const HEALTHCHECK_DEFAULTS = {
  consolePort: 8390,
  consoleHost: '127.0.0.1',
  dataDir: './data',
} as const;

/** A heartbeat older than this many periods means the holder's event loop is stuck. */
const STALE_HEARTBEATS = 3;
const HTTP_TIMEOUT_MS = 4000;

export type HealthTarget = { kind: 'http'; url: string } | { kind: 'lock'; file: string; why: string };

export interface HealthResult {
  ok: boolean;
  /** One line for `docker inspect` (Docker keeps the check's output). */
  message: string;
}

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value; // empty = unset, as readEnv
}

/** What to check, from CHASQUI_CONSOLE_PORT / _HOST / CHASQUI_DATA_DIR as `chasqui start` reads them. */
export function healthTarget(env: NodeJS.ProcessEnv): HealthTarget {
  const port = setting(env, 'CHASQUI_CONSOLE_PORT') ?? String(HEALTHCHECK_DEFAULTS.consolePort);
  if (port === 'off' || port === '0') {
    const dir = setting(env, 'CHASQUI_DATA_DIR') ?? HEALTHCHECK_DEFAULTS.dataDir;
    const why = port === 'off' ? 'consola apagada (CHASQUI_CONSOLE_PORT=off)' : 'consola sin puerto fijo (0)';
    return { kind: 'lock', file: path.join(dir, LOCK_FILE), why };
  }
  let host = setting(env, 'CHASQUI_CONSOLE_HOST') ?? HEALTHCHECK_DEFAULTS.consoleHost;
  if (host === '0.0.0.0' || host === '::') host = '127.0.0.1'; // all interfaces: loopback is one
  if (host.includes(':')) host = `[${host}]`;
  return { kind: 'http', url: `http://${host}:${port}/healthz` };
}

function checkHttp(url: string): Promise<HealthResult> {
  return new Promise((resolve) => {
    const req = request(url, { timeout: HTTP_TIMEOUT_MS, agent: false }, (res) => {
      res.resume();
      const ok = res.statusCode === 200;
      resolve({ ok, message: `${ok ? 'ok' : 'falla'}: ${url} respondió ${res.statusCode ?? '?'}` });
    });
    req.on('timeout', () => req.destroy(new Error(`sin respuesta en ${HTTP_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ ok: false, message: `falla: ${url} no responde (${error.code ?? error.message})` });
    });
    req.end();
  });
}

function checkLock(file: string, why: string, now: number): HealthResult {
  let pid: unknown;
  let ageMs: number;
  try {
    pid = (JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid;
    ageMs = now - statSync(file).mtimeMs;
  } catch {
    return { ok: false, message: `falla: ${why} y nadie tiene el candado ${file}: chasqui start no corre` };
  }
  if (typeof pid !== 'number' || !processAlive(pid)) {
    return { ok: false, message: `falla: ${why}; el proceso del candado ${file} ya no existe` };
  }
  const seconds = Math.round(ageMs / 1000);
  if (ageMs > STALE_HEARTBEATS * LOCK_HEARTBEAT_MS) {
    return {
      ok: false,
      message: `falla: ${why}; el latido del proceso ${pid} tiene ${seconds} s: no responde`,
    };
  }
  return { ok: true, message: `ok: ${why}; el proceso ${pid} tiene el candado, latido hace ${seconds} s` };
}

/** Runs the check the environment calls for. */
export async function runHealthcheck(
  env: NodeJS.ProcessEnv,
  now: number = Date.now(),
): Promise<HealthResult> {
  const target = healthTarget(env);
  return target.kind === 'http' ? checkHttp(target.url) : checkLock(target.file, target.why, now);
}
