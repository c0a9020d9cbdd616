import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import QRCode from 'qrcode';
import { checkReadiness } from '../ops/health.js';
import { ACTIONS, NOTES } from './actions.js';
import {
  createSessionStore,
  createVisitors,
  hashPassword,
  type PasswordHash,
  sessionCookie,
  type SessionStore,
  tokensEqual,
  type Visitor,
  visitorHeaders,
} from './auth.js';
import { createRequestFacts } from './client.js';
import type { ConsoleDeps } from './context.js';
import { BodyTooLargeError, isLoopback, readForm, redirect, send, sendJson } from './http.js';
import { createLoginLimiter } from './limiter.js';
import { createLoginRoutes } from './login.js';
import { createHostCheck, foreignSource } from './origin.js';
import { driversView, groupsView, schedulesView, statusView, usageData } from './pages.js';
import { consoleDir, createConsoleRenderer } from './render.js';

/**
 * The operations console, `/healthz`, `/readyz` and `/metrics` on one node:http server. Bound to
 * loopback by default; any other address needs a password (login form, session cookie). It serves
 * only the host names it knows, takes state changes only from its own pages, and every POST
 * carries a CSRF token. See README "Console".
 */
export interface ConsoleOptions {
  host: string;
  port: number;
  password?: string;
  /** Failed password checks per client before it has to wait (default 5). */
  maxLoginFailures?: number;
  /** Host names served besides loopback and the bind address (DNS rebinding defence). */
  allowedHosts?: readonly string[];
  /** Proxies (IPs or ranges) whose X-Forwarded-For / -Proto / -Host are believed. */
  trustedProxies?: readonly string[];
  /** The session store (tests); by default an in-memory one of at most 32 sessions. */
  sessions?: SessionStore;
}

export interface ConsoleServer {
  readonly url: string;
  /** True when no password protects it (loopback only). */
  readonly open: boolean;
  close(): Promise<void>;
}

export class ConsoleBindError extends Error {}

const STATIC: Record<string, { file: () => string; type: string }> = {
  '/static/console.js': {
    file: () => path.join(consoleDir(), 'static/console.js'),
    type: 'text/javascript; charset=utf-8',
  },
  '/static/console.css': {
    file: () => path.join(consoleDir(), 'static/console.css'),
    type: 'text/css; charset=utf-8',
  },
  '/static/chart.umd.min.js': {
    file: () =>
      path.join(path.dirname(createRequire(import.meta.url).resolve('chart.js')), 'chart.umd.min.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

const PAGES = ['/', '/pairing', '/groups', '/drivers', '/schedules', '/outbox', '/usage'] as const;

export async function startConsole(deps: ConsoleDeps, options: ConsoleOptions): Promise<ConsoleServer> {
  if (!isLoopback(options.host) && !options.password) {
    throw new ConsoleBindError(
      `la consola en ${options.host} necesita CHASQUI_CONSOLE_PASSWORD / binding the console beyond loopback requires CHASQUI_CONSOLE_PASSWORD`,
    );
  }
  const secret: PasswordHash | undefined = options.password
    ? await hashPassword(options.password)
    : undefined;
  const sessions = options.sessions ?? createSessionStore();
  const visitorOf = createVisitors(sessions);
  const factsOf = createRequestFacts(options.trustedProxies);
  const hostAllowed = createHostCheck(options.host, options.allowedHosts);
  const renderer = createConsoleRenderer();
  const staticCache = new Map<string, Buffer>();
  const log = deps.logger.child({ module: 'console' });

  /** A clear Spanish page for a request the console will not serve or take (403). */
  const refuse = async (res: ServerResponse, reason: 'host' | 'origin' | 'csrf', data = {}) => {
    const html = await renderer.page('refused', { reason, ...data });
    send(res, 403, html, 'text/html; charset=utf-8');
  };
  const login = secret
    ? createLoginRoutes({
        secret,
        limiter: createLoginLimiter({ free: options.maxLoginFailures ?? 5 }),
        sessions,
        renderer,
        log,
        refuse,
      })
    : undefined;

  const page = async (
    res: ServerResponse,
    name: string,
    visitor: Visitor,
    data: Record<string, unknown>,
    url: URL,
  ) => {
    const note = NOTES[url.searchParams.get('nota') ?? ''];
    const html = await renderer.page(name, {
      ...data,
      csrf: visitor.csrf,
      page: name,
      openMode: !secret,
      note,
      sandbox: deps.sandbox,
    });
    send(res, 200, html, 'text/html; charset=utf-8', visitorHeaders(visitor));
  };

  const renderPage = async (path: string, res: ServerResponse, visitor: Visitor, url: URL) => {
    switch (path) {
      case '/':
        return page(res, 'status', visitor, { status: statusView(deps) }, url);
      case '/pairing':
        return page(
          res,
          'pairing',
          visitor,
          { status: statusView(deps), canAct: Boolean(deps.actions) },
          url,
        );
      case '/groups':
        return page(res, 'groups', visitor, await groupsView(deps), url);
      case '/drivers':
        return page(res, 'drivers', visitor, driversView(deps), url);
      case '/schedules':
        return page(res, 'schedules', visitor, await schedulesView(deps), url);
      case '/outbox':
        return page(
          res,
          'outbox',
          visitor,
          { rows: deps.outbox?.list() ?? [], available: Boolean(deps.outbox) },
          url,
        );
      case '/usage': {
        const { groups } = await groupsView(deps);
        const usage = usageData(deps, new Map(groups.map((g) => [g.chatId, g.name])));
        return page(res, 'usage', visitor, { usage, usageJson: JSON.stringify(usage) }, url);
      }
    }
  };

  const events = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const push = () => res.write(`event: status\ndata: ${JSON.stringify(statusView(deps))}\n\n`);
    push();
    const unsubscribe = deps.pairing.subscribe(push);
    const timer = setInterval(push, 5000);
    req.on('close', () => {
      unsubscribe();
      clearInterval(timer);
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://console.local');
    const route = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'GET' && route === '/healthz')
      return sendJson(res, 200, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
    if (method === 'GET' && route === '/readyz') {
      const readiness = await checkReadiness({
        pairing: deps.pairing,
        stats: deps.stats,
        dataDir: deps.dataDir,
      });
      return sendJson(res, readiness.ready ? 200 : 503, {
        status: readiness.ready ? 'ready' : 'not ready',
        ...readiness,
      });
    }
    const facts = factsOf(req);
    if (!hostAllowed(facts.host)) {
      log.warn({ host: facts.host?.slice(0, 100), route }, 'console request for a foreign host refused');
      return refuse(res, 'host', { host: facts.host ?? '' });
    }
    if (method !== 'GET' && method !== 'HEAD') {
      const source = foreignSource(req.headers, facts.host);
      if (source !== undefined) {
        log.warn({ source: source.slice(0, 100), route }, 'cross-site console request refused');
        return refuse(res, 'origin', { source });
      }
    }
    const asset = method === 'GET' ? STATIC[route] : undefined;
    if (asset) {
      let body = staticCache.get(route);
      if (!body) {
        body = readFileSync(asset.file());
        staticCache.set(route, body);
      }
      return send(res, 200, body, asset.type, { 'cache-control': 'private, max-age=300' });
    }
    const visitor = visitorOf(req.headers.cookie, facts.secure);
    if (route === '/login') return login ? login.form(req, res, visitor, facts) : redirect(res, '/');
    if (route === '/metrics' && method === 'GET') {
      if (login && !visitor.session && !(await login.headerAuth(req, res, facts))) return;
      if (!deps.metrics) return send(res, 404, 'metrics off\n', 'text/plain');
      return send(res, 200, await deps.metrics.text(), deps.metrics.contentType);
    }
    // Without a password (loopback only) every visitor may act; its CSRF token comes from its cookie.
    if (secret && !visitor.session) {
      if (method === 'GET' && !route.startsWith('/api/') && route !== '/events')
        return redirect(res, '/login');
      return sendJson(res, 401, { error: 'login required' });
    }
    if (method === 'POST') {
      const form = await readForm(req);
      if (!tokensEqual(form.get('_csrf') ?? undefined, visitor.csrf)) {
        log.warn({ route }, 'console POST without a valid CSRF token');
        return refuse(res, 'csrf');
      }
      if (route === '/logout') {
        sessions.destroy(visitor.session?.id);
        return redirect(res, secret ? '/login' : '/', {
          'set-cookie': sessionCookie(undefined, facts.secure),
        });
      }
      const action = ACTIONS[route];
      if (!action) return send(res, 404, 'not found\n', 'text/plain');
      const result = await action(deps, form);
      log.info({ route, note: result.note }, 'console action');
      return redirect(res, `${result.to}?nota=${result.note}`);
    }
    if (method !== 'GET') return send(res, 405, 'method not allowed\n', 'text/plain');
    if (route === '/events') return events(req, res);
    if (route === '/api/status') return sendJson(res, 200, statusView(deps));
    if (route === '/pairing/qr.svg') {
      const qr = deps.pairing.snapshot().qr;
      if (!qr) return send(res, 404, 'no QR\n', 'text/plain');
      const svg = await QRCode.toString(qr.value, { type: 'svg', margin: 2, errorCorrectionLevel: 'L' });
      return send(res, 200, svg, 'image/svg+xml');
    }
    if ((PAGES as readonly string[]).includes(route)) return renderPage(route, res, visitor, url);
    return send(res, 404, 'no encontrado / not found\n', 'text/plain; charset=utf-8');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) return send(res, 413, 'too large\n', 'text/plain');
      log.error({ err: error, route: req.url?.split('?')[0] }, 'console request failed');
      if (!res.headersSent) send(res, 500, 'error interno / internal error\n', 'text/plain; charset=utf-8');
      else res.end();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    open: !secret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
