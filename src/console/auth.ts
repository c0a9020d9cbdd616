import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Console authentication: the password is kept only as a salted scrypt hash and compared in
 * constant time; sessions (only after a login, bounded in number) are random tokens in an HttpOnly
 * SameSite=Strict cookie, each with its own CSRF token. Visitors without a session get a CSRF
 * token bound to a cookie of their own and nothing stored on the server.
 */

export interface PasswordHash {
  salt: Buffer;
  hash: Buffer;
}

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: 16_384, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  return { salt, hash: await derive(password, salt) };
}

export async function verifyPassword(candidate: string, stored: PasswordHash): Promise<boolean> {
  const key = await derive(candidate, stored.salt);
  return timingSafeEqual(key, stored.hash);
}

export interface Session {
  id: string;
  csrf: string;
  expiresAt: number;
}

const SESSION_COOKIE = 'chasqui_console';
/** The cookie of a visitor without a session: the CSRF token of its forms is derived from it. */
const CSRF_COOKIE = 'chasqui_csrf';

export interface SessionStore {
  create(): Session;
  get(id: string | undefined): Session | undefined;
  destroy(id: string | undefined): void;
  size(): number;
}

export interface SessionStoreOptions {
  ttlMs?: number;
  /** Most sessions kept; a login beyond it ends the oldest one. */
  max?: number;
  now?: () => number;
}

/**
 * In-memory sessions, created only by a login (a restart logs everyone out, which is fine for an
 * operator page). Bounded: only someone with the password can add one, and the oldest goes first.
 */
export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const { ttlMs = 12 * 3600_000, now = Date.now } = options;
  const max = Math.max(1, options.max ?? 32);
  const sessions = new Map<string, Session>();
  return {
    create() {
      for (const [id, session] of sessions) if (session.expiresAt <= now()) sessions.delete(id);
      while (sessions.size >= max) sessions.delete(sessions.keys().next().value ?? '');
      const session = { id: randomToken(), csrf: randomToken(), expiresAt: now() + ttlMs };
      sessions.set(session.id, session);
      return session;
    },
    get(id) {
      if (!id) return undefined;
      const session = sessions.get(id);
      if (!session || session.expiresAt <= now()) return undefined;
      return session;
    },
    destroy(id) {
      if (id) sessions.delete(id);
    },
    size: () => sessions.size,
  };
}

/** 32 random bytes as base64url (43 characters): session ids, CSRF tokens, visitor nonces. */
function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[\w-]{43}$/;

/** Who is asking, as far as cookies tell: a session, or a visitor with a CSRF token of its own. */
export interface Visitor {
  session?: Session;
  csrf: string;
  /** Set-Cookie values to send with the page (a new visitor's nonce). */
  cookies: string[];
}

/**
 * Reads a request's cookies into a Visitor. A visitor without a session gets a random nonce
 * cookie; its CSRF token is an HMAC of the nonce under a key that lives only in this process.
 */
export function createVisitors(sessions: SessionStore, key: Buffer = randomBytes(32)) {
  const tokenOf = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  return (cookieHeader: string | undefined, secure: boolean): Visitor => {
    const cookies = parseCookies(cookieHeader);
    const session = sessions.get(cookies[SESSION_COOKIE]);
    if (session) return { session, csrf: session.csrf, cookies: [] };
    const known = cookies[CSRF_COOKIE];
    const nonce = known !== undefined && TOKEN_SHAPE.test(known) ? known : randomToken();
    return {
      csrf: tokenOf(nonce),
      cookies: nonce === known ? [] : [cookie(CSRF_COOKIE, nonce, secure)],
    };
  };
}

/** The Set-Cookie header a page for this visitor carries, when there is one to send. */
export function visitorHeaders(visitor: Visitor): Record<string, string[]> {
  return visitor.cookies.length > 0 ? { 'set-cookie': visitor.cookies } : {};
}

/** Constant-time comparison of two CSRF tokens (strings of any length). */
export function tokensEqual(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Cookies by name; a value that does not decode is skipped, as if it had not been sent. */
function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    try {
      cookies[part.slice(0, index).trim()] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // malformed percent-encoding: no cookie
    }
  }
  return cookies;
}

/** The session cookie, or the one that clears it; `Secure` when the request came over TLS. */
export function sessionCookie(session: Session | undefined, secure: boolean): string {
  return cookie(SESSION_COOKIE, session?.id ?? '', secure, session ? undefined : 0);
}

function cookie(name: string, value: string, secure: boolean, maxAge?: number): string {
  return [
    `${name}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
    ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
  ].join('; ');
}
