import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import QRCode from 'qrcode';
import { checkReadiness } from '../ops/health.js';
import { ACTIONS, type FormEcho, NOTE_KEYS } from './actions.js';
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
import { liveData, renderLive } from './live.js';
import { loadChatNames } from './names.js';
import { driversView, groupsView, outboxView, schedulesView, statusView, usageData } from './pages.js';
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
  allowedHosts?: readonly string[] | undefined;
  /** Proxies (IPs or ranges) whose X-Forwarded-For / -Proto / -Host are believed. */
  trustedProxies?: readonly string[] | undefined;
  /** The session store (tests); by default an in-memory one of at most 32 sessions. */
  sessions?: SessionStore;
  /** `Bearer <token>` opens /metrics and nothing else (CHASQUI_METRICS_TOKEN): Prometheus without the password. */
  metricsToken?: string;
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
    status = 200,
  ) => {
    const nota = url.searchParams.get('nota') ?? '';
    const html = await renderer.page(name, {
      ...data,
      csrf: visitor.csrf,
      page: name,
      openMode: !secret,
      note: (NOTE_KEYS as readonly string[]).includes(nota) ? nota : undefined,
      sandbox: deps.sandbox,
    });
    send(res, status, html, 'text/html; charset=utf-8', visitorHeaders(visitor));
  };

  /** The directory's group names for a page; a failure is logged and the page says so. */
  const chatNames = async () => {
    const names = await loadChatNames(deps);
    if (names.error)
      log.warn({ error: names.error.slice(0, 200) }, 'group directory unavailable for the console');
    return names;
  };

  /** A page's data; `form` is a refused form shown again (422) with what was typed. */
  const renderPage = async (
    path: string,
    res: ServerResponse,
    visitor: Visitor,
    url: URL,
    form?: FormEcho,
  ) => {
    const show = (name: string, data: Record<string, unknown>) =>
      page(res, name, visitor, { ...data, form }, url, form ? 422 : 200);
    switch (path) {
      case '/':
        return show('status', {
          ...(await liveData(deps)),
          alertTest: deps.alertTest && { format: deps.alertTest.format },
        });
      case '/pairing':
        return show('pairing', { ...(await liveData(deps)) });
      case '/groups':
        return show('groups', await groupsView(deps, await chatNames()));
      case '/drivers':
        return show('drivers', driversView(deps));
      case '/schedules':
        return show('schedules', schedulesView(deps, await chatNames()));
      case '/outbox':
        return show('outbox', outboxView(deps, await chatNames()));
      case '/usage': {
        const names = await chatNames();
        const usage = usageData(deps);
        for (const group of usage.byGroup)
          group.label = await renderer.text('chat', { chat: names.of(group.chatId) });
        return show('usage', { usage, usageJson: JSON.stringify(usage) });
      }
    }
  };

  /** Live parts of the Status and Pairing pages, pushed on every change and every 5 s. */
  const events = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    let closed = false;
    const push = async () => {
      const data = await liveData(deps);
      if (closed) return;
      const parts = await renderLive(renderer, data);
      res.write(`event: live\ndata: ${JSON.stringify({ flags: data.status.flags, parts })}\n\n`);
    };
    // One push at a time, in order: a slow one never lands after a newer state.
    let queue = Promise.resolve();
    const pushLogged = () => {
      queue = queue
        .then(push)
        .catch((error: unknown) => log.warn({ err: error }, 'console live update failed'));
    };
    pushLogged();
    const unsubscribe = deps.pairing.subscribe(pushLogged);
    const timer = setInterval(pushLogged, 5000);
    req.on('close', () => {
      closed = true;
      unsubscribe();
      clearInterval(timer);
    });
  };

  const sendMetrics = async (res: ServerResponse) =>
    deps.metrics
      ? send(res, 200, await deps.metrics.text(), deps.metrics.contentType)
      : send(res, 404, 'metrics off\n', 'text/plain');

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
      return sendJson(res, readiness.ready ? 200 : 503, readiness);
    }
    const facts = factsOf(req);
    // Prometheus scrapes the pod's own address, a Host no list names: a request that brings its
    // credential (the metrics token, or the password) is served for any Host, as a DNS-rebinding
    // page cannot add the header. Without one it meets the Host check like any page.
    if (method === 'GET' && route === '/metrics' && login && req.headers.authorization !== undefined) {
      const bearer = req.headers.authorization.startsWith('Bearer ')
        ? req.headers.authorization.slice(7)
        : undefined;
      const token = options.metricsToken !== undefined && tokensEqual(bearer, options.metricsToken);
      if (token || (await login.headerAuth(req, res, facts))) return sendMetrics(res);
      return;
    }
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
      return sendMetrics(res);
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
      if ('form' in result) {
        log.info({ route, refused: Object.keys(result.form.errors) }, 'console form refused');
        return renderPage(result.page, res, visitor, url, result.form);
      }
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
