import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAULT_HEADER, FaultQueue, parseFaultHeader } from './faults.js';
import { parseClockTime } from './fixtures/calendar.js';
import { OVERRIDE_PATH, parseOverride, TaxpayerOverrides } from './overrides.js';
import { bcrpPath, bcrpReply } from './bcrp-route.js';
import { PADRON_PATH } from './padron/path.js';
import { RequestLog } from './request-log.js';
import { applyFault, type RouteOutcome } from './respond.js';
import {
  BAD_REQUEST,
  fail,
  GROUPS_PATH,
  getPrefixRoutes,
  groupsRoute,
  type Handler,
  postRoutes,
  type Reply,
  ROUTE_NOT_FOUND,
  type RouteContext,
  UNAUTHORIZED,
} from './routes/index.js';
import type { SandboxHandle, SandboxOptions } from './types.js';
import { lazy } from '../lazy.js';

/** The padrón download (rows, zip writer): loaded by its first request, not by every sandbox. */
const loadPadronRoute = lazy(() => import('./padron/route.js'));

export type { SandboxHandle, SandboxOptions } from './types.js';

const MAX_BODY_BYTES = 64 * 1024;
const EMPTY_BODY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

interface Resolved {
  handler: Handler;
  param: string;
  relative: string;
  /** POST routes need a JSON object body. */
  needsBody: boolean;
}

/**
 * Starts the fake lookup API + messaging host on loopback. In-process for tests (port 0), or
 * behind `chasqui sandbox`. Every route answers from precomputed fixtures; faults are opt-in.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? 'sandbox-token';
  const prefix = normalisePrefix(options.apiPrefix ?? '/api/v1');
  const now = options.now ?? (() => new Date());
  const ratePublishedAtMinutes = parseClockTime(options.ratePublishedAt ?? '00:00');
  const padronRows = options.padronRows ?? 20_000;
  const expectedAuth = `Bearer ${token}`;
  const faults = new FaultQueue();
  const log = new RequestLog();
  const overrides = new TaxpayerOverrides();

  function resolve(method: string, path: string): Resolved | null {
    if (method === 'GET' && path === GROUPS_PATH) {
      return { handler: groupsRoute, param: '', relative: GROUPS_PATH, needsBody: false };
    }
    if (prefix !== '' && !path.startsWith(`${prefix}/`)) return null;
    const relative = path.slice(prefix.length);
    if (method === 'POST') {
      const handler = postRoutes.get(relative);
      return handler ? { handler, param: '', relative, needsBody: true } : null;
    }
    if (method === 'GET') {
      for (const [routePrefix, handler] of getPrefixRoutes) {
        if (!relative.startsWith(routePrefix)) continue;
        const raw = relative.slice(routePrefix.length);
        if (raw.includes('/')) return null;
        let param: string;
        try {
          param = decodeURIComponent(raw);
        } catch {
          param = '';
        }
        return { handler, param, relative, needsBody: false };
      }
    }
    return null;
  }

  function route(req: IncomingMessage, path: string, rawBody: string | null): RouteOutcome {
    const method = req.method ?? 'GET';
    // BCRP's statistics API (no token), served beside the lookup API for the free exchange rate.
    const bcrp = bcrpPath(path, prefix);
    const resolved = bcrp === undefined ? resolve(method, path) : null;
    let body: unknown;
    let bodyOk = true;
    if (rawBody !== null && rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        bodyOk = false;
      }
    }
    log.record(method, path, body, now());
    const relative = bcrp ?? resolved?.relative ?? path;
    const headerValue = req.headers[FAULT_HEADER];
    const fault =
      typeof headerValue === 'string' ? parseFaultHeader(headerValue) : faults.take(relative, path);
    if (fault && 'error' in fault) return { reply: fail(fault.error, 400) };
    const answer = (): Reply => {
      if (bcrp !== undefined) {
        return method === 'GET' ? bcrpReply(bcrp, now(), ratePublishedAtMinutes) : ROUTE_NOT_FOUND;
      }
      if (req.headers.authorization !== expectedAuth) return UNAUTHORIZED;
      if (!resolved) return ROUTE_NOT_FOUND;
      let json: Record<string, unknown> = EMPTY_BODY;
      if (resolved.needsBody) {
        if (!bodyOk || body === null || typeof body !== 'object' || Array.isArray(body)) return BAD_REQUEST;
        json = body as Record<string, unknown>;
      }
      const overridden = overrides.reply(resolved.relative, json);
      if (overridden) return overridden;
      const ctx: RouteContext = { body: json, param: resolved.param, now: now(), ratePublishedAtMinutes };
      return resolved.handler(ctx);
    };
    return fault ? { fault, answer } : { reply: answer() };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, rawBody: string | null): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (req.method === 'POST' && path === OVERRIDE_PATH) {
      send(res, overrideRoute(req.headers.authorization, rawBody));
      return;
    }
    const outcome = route(req, path, rawBody);
    if ('reply' in outcome) {
      send(res, outcome.reply);
      return;
    }
    const { fault, answer } = outcome;
    if (fault.delayMs && fault.delayMs > 0) await sleep(fault.delayMs);
    else if (fault.kind === 'latency') await sleep(100);
    const reply = applyFault(fault, answer);
    if (reply === 'reset') {
      req.socket.destroy();
      return;
    }
    send(res, reply);
  }

  /** The sandbox-only admin route: changes a taxpayer (not logged as an API request). */
  function overrideRoute(authorization: string | undefined, rawBody: string | null): Reply {
    if (authorization !== expectedAuth) return UNAUTHORIZED;
    let change;
    try {
      change = parseOverride(JSON.parse(rawBody ?? ''));
    } catch {
      change = undefined;
    }
    if (!change) return BAD_REQUEST;
    overrides.set(change);
    return { status: 200, body: JSON.stringify({ success: true, message: 'exito', data: change }) };
  }

  const server = createServer((req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      req.resume();
      if (req.url?.split('?')[0] === PADRON_PATH) {
        const url = new URL(req.url, 'http://sandbox');
        const query = {
          defaultRows: padronRows,
          now: now(),
          changed: overrides.records(),
          version: overrides.version,
        };
        void loadPadronRoute()
          .then(({ servePadron }) => servePadron(req, res, url, query))
          .catch(() => res.destroy());
        return;
      }
      void handle(req, res, null).catch((error: unknown) => sendError(res, error));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        send(res, fail('Payload Too Large', 413));
        return;
      }
      const raw =
        chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8');
      void handle(req, res, raw).catch((error: unknown) => sendError(res, error));
    });
  });
  // Generous keep-alive so benchmarks measure requests, not reconnections.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${hostPart}:${address.port}`;

  return {
    baseUrl: `${origin}${prefix}`,
    messagingUrl: origin,
    padronUrl: `${origin}${PADRON_PATH}`,
    token,
    get requests() {
      return log.entries;
    },
    requestCount: (pathSuffix?: string) => log.count(pathSuffix),
    resetRequests: () => log.reset(),
    injectFault: (fault) => faults.inject(fault),
    setTaxpayer: (ruc, taxpayer) => overrides.set({ ruc, taxpayer }),
    setCoerciveDebt: (ruc, debts) => overrides.set({ ruc, coerciveDebt: debts }),
    clearOverrides: () => overrides.clear(),
    clearFaults: () => faults.clear(),
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | number> = {
    'content-type': reply.contentType ?? 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(reply.body),
    ...reply.headers,
  };
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

function sendError(res: ServerResponse, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  send(res, fail(`Sandbox error: ${message}`, 500));
}
