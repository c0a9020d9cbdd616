import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Console authentication: the password is kept only as a salted scrypt hash and compared in
 * constant time; sessions are random tokens in an HttpOnly SameSite=Strict cookie, each with
 * its own CSRF token; failed logins are rate-limited per client address.
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
  /** False for the pre-login session that only carries the login form's CSRF token. */
  authenticated: boolean;
}

export const SESSION_COOKIE = 'chasqui_console';

export interface SessionStore {
  create(authenticated: boolean): Session;
  get(id: string | undefined): Session | undefined;
  destroy(id: string | undefined): void;
}

/** In-memory sessions (a restart logs everyone out, which is fine for an operator page). */
export function createSessionStore(ttlMs = 12 * 3600_000, now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, Session>();
  return {
    create(authenticated) {
      for (const [id, session] of sessions) if (session.expiresAt <= now()) sessions.delete(id);
      const session = {
        id: randomBytes(32).toString('base64url'),
        csrf: randomBytes(32).toString('base64url'),
        expiresAt: now() + ttlMs,
        authenticated,
      };
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
  };
}

/** Constant-time comparison of two CSRF tokens (strings of any length). */
export function tokensEqual(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface LoginLimiter {
  /** Milliseconds until this client may try again (0 = now). */
  blockedFor(client: string): number;
  failed(client: string): void;
  succeeded(client: string): void;
}

/** At most `max` failed logins per client within `windowMs`; then refused until the window passes. */
export function createLoginLimiter(
  max = 5,
  windowMs = 15 * 60_000,
  now: () => number = Date.now,
): LoginLimiter {
  const failures = new Map<string, number[]>();
  const recent = (client: string) => {
    const list = (failures.get(client) ?? []).filter((at) => now() - at < windowMs);
    if (list.length === 0) failures.delete(client);
    else failures.set(client, list);
    return list;
  };
  return {
    blockedFor(client) {
      const list = recent(client);
      return list.length >= max ? windowMs - (now() - (list[0] ?? now())) : 0;
    },
    failed(client) {
      failures.set(client, [...recent(client), now()]);
    },
    succeeded(client) {
      failures.delete(client);
    },
  };
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies[part.slice(0, index).trim()] = decodeURIComponent(part.slice(index + 1).trim());
  }
  return cookies;
}

export function sessionCookie(session: Session | undefined): string {
  const base = `${SESSION_COOKIE}=${session?.id ?? ''}; Path=/; HttpOnly; SameSite=Strict`;
  return session ? base : `${base}; Max-Age=0`;
}
