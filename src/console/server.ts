import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import QRCode from 'qrcode';
import { checkReadiness } from '../ops/health.js';
import { ACTIONS, NOTES } from './actions.js';
import {
  createLoginLimiter,
  createSessionStore,
  hashPassword,
  type PasswordHash,
  parseCookies,
  SESSION_COOKIE,
  type Session,
  sessionCookie,
  tokensEqual,
  verifyPassword,
} from './auth.js';
import type { ConsoleDeps } from './context.js';
import { BodyTooLargeError, isLoopback, readForm, redirect, send, sendJson } from './http.js';
import { driversView, groupsView, schedulesView, statusView, usageData } from './pages.js';
import { consoleDir, createConsoleRenderer } from './render.js';

/**
 * The operations console, `/healthz`, `/readyz` and `/metrics` on one node:http server. Bound to
 * loopback by default; any other address needs a password (login form, session cookie). Every
 * POST carries the session's CSRF token. See README "Console".
 */
export interface ConsoleOptions {
  host: string;
  port: number;
  password?: string;
  /** Failed logins per client per 15 minutes before 429 (default 5). */
  maxLoginFailures?: number;
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
  const sessions = createSessionStore();
  const limiter = createLoginLimiter(options.maxLoginFailures ?? 5);
  const renderer = createConsoleRenderer();
  const staticCache = new Map<string, Buffer>();
  const log = deps.logger.child({ module: 'console' });

  const sessionOf = (req: IncomingMessage): Session | undefined =>
    sessions.get(parseCookies(req.headers.cookie)[SESSION_COOKIE]);

  /** Metrics may also be scraped with the password as a Bearer token or Basic auth. */
  const headerAuth = async (req: IncomingMessage): Promise<boolean> => {
    if (!secret) return false;
    const header = req.headers.authorization ?? '';
    let candidate: string | undefined;
    if (header.startsWith('Bearer ')) candidate = header.slice(7);
    if (header.startsWith('Basic '))
      candidate = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':');
    return candidate !== undefined && verifyPassword(candidate, secret);
  };

  const page = async (
    res: ServerResponse,
    name: string,
    session: Session,
    data: Record<string, unknown>,
    url: URL,
  ) => {
    const note = NOTES[url.searchParams.get('nota') ?? ''];
    const html = await renderer.page(name, {
      ...data,
      csrf: session.csrf,
      page: name,
      openMode: !secret,
      note,
      sandbox: deps.sandbox,
    });
    send(res, 200, html, 'text/html; charset=utf-8');
  };

  const renderPage = async (path: string, res: ServerResponse, session: Session, url: URL) => {
    switch (path) {
      case '/':
        return page(res, 'status', session, { status: statusView(deps) }, url);
      case '/pairing':
        return page(
          res,
          'pairing',
          session,
          { status: statusView(deps), canAct: Boolean(deps.actions) },
          url,
        );
      case '/groups':
        return page(res, 'groups', session, await groupsView(deps), url);
      case '/drivers':
        return page(res, 'drivers', session, driversView(deps), url);
      case '/schedules':
        return page(res, 'schedules', session, await schedulesView(deps), url);
      case '/outbox':
        return page(
          res,
          'outbox',
          session,
          { rows: deps.outbox?.list() ?? [], available: Boolean(deps.outbox) },
          url,
        );
      case '/usage': {
        const { groups } = await groupsView(deps);
        const usage = usageData(deps, new Map(groups.map((g) => [g.chatId, g.name])));
        return page(res, 'usage', session, { usage, usageJson: JSON.stringify(usage) }, url);
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
    const asset = method === 'GET' ? STATIC[route] : undefined;
    if (asset) {
      let body = staticCache.get(route);
      if (!body) {
        body = readFileSync(asset.file());
        staticCache.set(route, body);
      }
      return send(res, 200, body, asset.type, { 'cache-control': 'private, max-age=300' });
    }
    let session = sessionOf(req);
    if (route === '/login') return login(req, res, session, method);
    if (route === '/metrics' && method === 'GET') {
      if (secret && !session?.authenticated && !(await headerAuth(req))) {
        return send(res, 401, 'unauthorized\n', 'text/plain; charset=utf-8', {
          'www-authenticate': 'Basic realm="chasqui"',
        });
      }
      if (!deps.metrics) return send(res, 404, 'metrics off\n', 'text/plain');
      return send(res, 200, await deps.metrics.text(), deps.metrics.contentType);
    }
    // Without a password (loopback only) every visitor gets a session: it carries the CSRF token.
    const cookies: Record<string, string> = {};
    if (!secret && !session) {
      session = sessions.create(true);
      cookies['set-cookie'] = sessionCookie(session);
    }
    if (!session?.authenticated) {
      if (method === 'GET' && !route.startsWith('/api/') && route !== '/events')
        return redirect(res, '/login');
      return sendJson(res, 401, { error: 'login required' });
    }
    if (method === 'POST') {
      const form = await readForm(req);
      if (!tokensEqual(form.get('_csrf') ?? undefined, session.csrf)) {
        log.warn({ route }, 'console POST without a valid CSRF token');
        return send(res, 403, 'CSRF token inválido / invalid CSRF token\n', 'text/plain; charset=utf-8');
      }
      if (route === '/logout') {
        sessions.destroy(session.id);
        return redirect(res, secret ? '/login' : '/', { 'set-cookie': sessionCookie(undefined) });
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
    if ((PAGES as readonly string[]).includes(route)) {
      for (const [name, value] of Object.entries(cookies)) res.setHeader(name, value);
      return renderPage(route, res, session, url);
    }
    return send(res, 404, 'no encontrado / not found\n', 'text/plain; charset=utf-8');
  };

  const login = async (
    req: IncomingMessage,
    res: ServerResponse,
    session: Session | undefined,
    method: string,
  ) => {
    if (!secret) return redirect(res, '/');
    const client = req.socket.remoteAddress ?? 'unknown';
    if (method === 'GET') {
      const pre = session ?? sessions.create(false);
      const html = await renderer.page('login', { csrf: pre.csrf, page: 'login' });
      return send(res, 200, html, 'text/html; charset=utf-8', { 'set-cookie': sessionCookie(pre) });
    }
    if (method !== 'POST') return send(res, 405, 'method not allowed\n', 'text/plain');
    const wait = limiter.blockedFor(client);
    if (wait > 0) {
      return send(
        res,
        429,
        'Demasiados intentos; espere unos minutos. / Too many attempts.\n',
        'text/plain; charset=utf-8',
        {
          'retry-after': String(Math.ceil(wait / 1000)),
        },
      );
    }
    const form = await readForm(req);
    if (!session || !tokensEqual(form.get('_csrf') ?? undefined, session.csrf)) {
      return send(res, 403, 'CSRF token inválido / invalid CSRF token\n', 'text/plain; charset=utf-8');
    }
    if (!(await verifyPassword(form.get('password') ?? '', secret))) {
      limiter.failed(client);
      log.warn({ client }, 'console login failed');
      const html = await renderer.page('login', { csrf: session.csrf, page: 'login', failed: true });
      return send(res, 401, html, 'text/html; charset=utf-8');
    }
    limiter.succeeded(client);
    sessions.destroy(session.id);
    return redirect(res, '/', { 'set-cookie': sessionCookie(sessions.create(true)) });
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
