import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { createApp } from '../../src/app/app.js';
import { parseConfig } from '../../src/config.js';
import type { ConsoleDeps } from '../../src/console/context.js';
import { type ConsoleOptions, type ConsoleServer, startConsole } from '../../src/console/server.js';
import { createAlerts } from '../../src/ops/alerts.js';
import { createDbStats } from '../../src/ops/db-stats.js';
import { createMetrics } from '../../src/ops/metrics.js';
import { createWhatsAppState } from '../../src/ops/whatsapp-state.js';
import { silentLogger } from '../../src/logger.js';
import { createScheduleStore } from '../../src/scheduler/store.js';
import { openDatabase } from '../../src/app/database.js';

/** Console dependencies over an in-memory app and database (HTTP tests without WhatsApp). */
export function consoleHarness(dataDir: string) {
  const db = openDatabase({ dir: ':memory:' });
  const config = parseConfig(
    { dataDir, groups: [{ id: '120363000000000201@g.us', personalData: true }] },
    {},
  );
  const app = createApp({ config, db, runSchedules: false, lookup: {} as never });
  const state = createWhatsAppState();
  const stats = createDbStats(db);
  const alerts = createAlerts();
  const metrics = createMetrics({ stats, whatsapp: state, instance: config.instance });
  const deps: ConsoleDeps = {
    db,
    dataDir,
    services: app.services,
    scheduleStore: createScheduleStore(db),
    policy: config,
    pairing: state,
    alerts,
    metrics,
    stats,
    sandbox: true,
    logger: silentLogger(),
  };
  return {
    deps,
    app,
    state,
    db,
    alerts,
    async close() {
      await app.close();
      db.close();
    },
  };
}

/**
 * A fresh harness in a temporary data directory for each test of the file, and the console a test
 * starts (`start`), closed after it; real timers are restored.
 */
export function consoleEachTest() {
  const current: { harness?: ReturnType<typeof consoleHarness>; server?: ConsoleServer; dir?: string } = {};
  beforeEach(() => {
    current.dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-console-'));
    current.harness = consoleHarness(current.dir);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await current.server?.close();
    delete current.server;
    await current.harness?.close();
    if (current.dir) rmSync(current.dir, { recursive: true, force: true });
  });
  const harness = () => {
    if (!current.harness) throw new Error('consoleEachTest: used outside a test');
    return current.harness;
  };
  return {
    harness,
    /** Starts the console on loopback (any free port) with these options; its URL. */
    async start(options: Partial<ConsoleOptions> = {}, deps: Partial<ConsoleDeps> = {}): Promise<string> {
      await current.server?.close();
      current.server = await startConsole(
        { ...harness().deps, ...deps },
        { host: '127.0.0.1', port: 0, ...options },
      );
      return current.server.url;
    },
  };
}

/** The session cookie and CSRF token of a fresh login form. */
export async function loginForm(baseUrl: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${baseUrl}/login`);
  return { cookie: cookiesOf(response.headers), csrf: csrfOf(await response.text()) };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request through node:http, which (unlike fetch) sends the Host header it is given: what a
 * page reached by DNS rebinding, or a reverse proxy, would send.
 */
export function rawRequest(
  baseUrl: string,
  route: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(route, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The `name=value` part of the Set-Cookie headers of an answer, joined for a Cookie header. */
export function cookiesOf(headers: IncomingHttpHeaders | Headers): string {
  const list = headers instanceof Headers ? headers.getSetCookie() : (headers['set-cookie'] ?? []);
  return list.map((cookie) => cookie.split(';')[0] ?? '').join('; ');
}

/** The CSRF token of a rendered console page or login form. */
export function csrfOf(html: string): string {
  return /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
}
