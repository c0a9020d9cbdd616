import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import {
  type PasswordHash,
  type SessionStore,
  sessionCookie,
  tokensEqual,
  verifyPassword,
  type Visitor,
  visitorHeaders,
} from './auth.js';
import type { RequestFacts } from './client.js';
import { readForm, redirect, send } from './http.js';
import type { LoginLimiter } from './limiter.js';
import type { ConsoleRenderer } from './render.js';

/**
 * Every way in with the password (the login form, Bearer and Basic on /metrics) goes through one
 * gate: the limiter's attempt is taken before the hash is computed, so checks under way count.
 */
export interface LoginRoutes {
  /** GET / POST /login (only with a password). */
  form(req: IncomingMessage, res: ServerResponse, visitor: Visitor, facts: RequestFacts): Promise<void>;
  /** True when the Authorization header holds the password; otherwise the answer has been sent. */
  headerAuth(req: IncomingMessage, res: ServerResponse, facts: RequestFacts): Promise<boolean>;
}

type Verdict = 'ok' | 'wrong' | { retryAfterMs: number };

export function createLoginRoutes(deps: {
  secret: PasswordHash;
  limiter: LoginLimiter;
  sessions: SessionStore;
  renderer: ConsoleRenderer;
  log: Logger;
  refuse: (res: ServerResponse, reason: 'csrf') => Promise<void>;
}): LoginRoutes {
  const { secret, limiter, sessions, renderer, log } = deps;

  const check = async (facts: RequestFacts, candidate: string, via: string): Promise<Verdict> => {
    const attempt = limiter.attempt(facts.client);
    if (!attempt.granted) {
      log.warn({ client: facts.client, via }, 'console login refused: too many failures');
      return { retryAfterMs: attempt.retryAfterMs };
    }
    if (!(await verifyPassword(candidate, secret))) {
      log.warn({ client: facts.client, via }, 'console login failed');
      return 'wrong';
    }
    attempt.succeeded();
    return 'ok';
  };

  const loginPage = (
    res: ServerResponse,
    status: number,
    data: Record<string, unknown>,
    headers: Record<string, string | string[]> = {},
  ) =>
    renderer
      .page('login', { page: 'login', ...data })
      .then((html) => send(res, status, html, 'text/html; charset=utf-8', headers));

  return {
    async form(req, res, visitor, facts) {
      if (req.method === 'GET') return loginPage(res, 200, { csrf: visitor.csrf }, visitorHeaders(visitor));
      if (req.method !== 'POST') return send(res, 405, 'method not allowed\n', 'text/plain');
      const form = await readForm(req);
      if (!tokensEqual(form.get('_csrf') ?? undefined, visitor.csrf)) return deps.refuse(res, 'csrf');
      const verdict = await check(facts, form.get('password') ?? '', 'form');
      if (verdict === 'wrong') return loginPage(res, 401, { csrf: visitor.csrf, failed: true });
      if (verdict !== 'ok') {
        const waitSeconds = Math.ceil(verdict.retryAfterMs / 1000);
        return loginPage(
          res,
          429,
          { csrf: visitor.csrf, waitSeconds, waitMinutes: Math.ceil(waitSeconds / 60) },
          { 'retry-after': String(waitSeconds) },
        );
      }
      sessions.destroy(visitor.session?.id);
      return redirect(res, '/', { 'set-cookie': sessionCookie(sessions.create(), facts.secure) });
    },

    async headerAuth(req, res, facts) {
      const candidate = credentialOf(req.headers.authorization);
      const verdict = candidate === undefined ? 'wrong' : await check(facts, candidate, 'authorization');
      if (verdict === 'ok') return true;
      if (verdict === 'wrong') {
        send(res, 401, 'unauthorized\n', 'text/plain; charset=utf-8', {
          'www-authenticate': 'Basic realm="chasqui"',
        });
      } else {
        send(res, 429, 'too many attempts\n', 'text/plain; charset=utf-8', {
          'retry-after': String(Math.ceil(verdict.retryAfterMs / 1000)),
        });
      }
      return false;
    },
  };
}

/** The password of `Bearer <password>` or of Basic auth (any user name). */
function credentialOf(header: string | undefined): string | undefined {
  if (header?.startsWith('Bearer ')) return header.slice(7);
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : undefined;
  }
  return undefined;
}
