import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../../src/console/auth.js';
import { captureOutput } from '../helpers/capture.js';
import { consoleEachTest, cookiesOf, csrfOf, loginForm, rawRequest } from './harness.js';

/**
 * Issue 19: sessions exist only after a login and are bounded in number; a malformed cookie is no
 * cookie; cookies are Secure when the request came over TLS (told by a trusted proxy).
 */

const PASSWORD = 'clave-larga-123';
const site = consoleEachTest();

async function logIn(url: string, headers: Record<string, string> = {}) {
  const form = await rawRequest(url, '/login', { headers });
  return rawRequest(url, '/login', {
    method: 'POST',
    headers: { ...headers, cookie: cookiesOf(form.headers) },
    body: new URLSearchParams({ _csrf: csrfOf(form.body), password: PASSWORD }).toString(),
  });
}

describe('console sessions', () => {
  it('stores no session for visitors without a login, with or without a password', async () => {
    const sessions = createSessionStore({ max: 50 });
    let url = await site.start({ sessions });
    for (let i = 0; i < 200; i++) expect((await fetch(`${url}/`)).status).toBe(200);
    expect(sessions.size()).toBe(0);
    // The pages still work: their forms carry a CSRF token bound to the visitor's cookie.
    const page = await rawRequest(url, '/drivers');
    const added = await rawRequest(url, '/drivers/add', {
      method: 'POST',
      headers: { cookie: cookiesOf(page.headers) },
      body: new URLSearchParams({
        _csrf: csrfOf(page.body),
        document: '45678912',
        phone: '51912345678',
      }).toString(),
    });
    expect(added.status).toBe(303);
    expect(added.headers.location).toContain('nota=driver-saved');
    const forged = await rawRequest(url, '/drivers/add', {
      method: 'POST',
      headers: { cookie: 'chasqui_csrf=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      body: new URLSearchParams({
        _csrf: csrfOf(page.body),
        document: '45678912',
        phone: '51912345678',
      }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(sessions.size()).toBe(0);

    url = await site.start({ password: PASSWORD, sessions });
    for (let i = 0; i < 200; i++) expect((await fetch(`${url}/login`)).status).toBe(200);
    expect(sessions.size()).toBe(0);
    expect((await logIn(url)).status).toBe(303);
    expect(sessions.size()).toBe(1);
  });

  it('keeps at most `max` sessions: a new login drops the oldest', async () => {
    const sessions = createSessionStore({ max: 3 });
    const url = await site.start({ password: PASSWORD, sessions });
    const cookies: string[] = [];
    for (let i = 0; i < 5; i++) cookies.push(cookiesOf((await logIn(url)).headers));
    expect(sessions.size()).toBe(3);
    const statusWith = async (cookie: string | undefined) =>
      (await fetch(`${url}/api/status`, { headers: { cookie: cookie ?? '' } })).status;
    expect(await Promise.all(cookies.map(statusWith))).toEqual([401, 401, 200, 200, 200]);
  });

  it('treats a malformed cookie as no cookie: no 500, nothing logged as an error', async () => {
    const log = captureOutput();
    const logger = pino({ level: 'warn' }, log.stream);
    let url = await site.start({}, { logger });
    for (const cookie of ['chasqui_console=%E0%A4%A', 'chasqui_csrf=%zz; chasqui_console=%', '=%%; ;;']) {
      const answer = await rawRequest(url, '/', { headers: { cookie } });
      expect(answer.status, cookie).toBe(200);
      expect(answer.body).toContain('Estado');
    }
    url = await site.start({ password: PASSWORD }, { logger });
    const answer = await rawRequest(url, '/groups', {
      headers: { cookie: 'chasqui_console=%E0%A4%A' },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/login');
    expect(log.text()).not.toContain('console request failed');
  });

  it('marks the cookies Secure when a trusted proxy says the request came over TLS', async () => {
    const url = await site.start({ password: PASSWORD, trustedProxies: ['127.0.0.1'] });
    const tls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.20' };
    const form = await rawRequest(url, '/login', { headers: tls });
    expect(form.headers['set-cookie']?.every((cookie) => /; Secure/.test(cookie))).toBe(true);
    const login = await logIn(url, tls);
    expect(login.status).toBe(303);
    const [session] = login.headers['set-cookie'] ?? [];
    expect(session).toMatch(/^chasqui_console=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Secure/);
    const plain = await logIn(url, { 'x-forwarded-for': '198.51.100.20' });
    expect(plain.headers['set-cookie']?.[0]).not.toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto from a peer that is not a configured proxy', async () => {
    const url = await site.start({ password: PASSWORD });
    const login = await logIn(url, { 'x-forwarded-proto': 'https' });
    expect(login.status).toBe(303);
    expect(login.headers['set-cookie']?.[0]).not.toMatch(/Secure/);
  });

  it('logs out: the session is gone and its cookie cleared', async () => {
    const sessions = createSessionStore({ max: 3 });
    const url = await site.start({ password: PASSWORD, sessions });
    const cookie = cookiesOf((await logIn(url)).headers);
    const page = await rawRequest(url, '/', { headers: { cookie } });
    const out = await rawRequest(url, '/logout', {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ _csrf: csrfOf(page.body) }).toString(),
    });
    expect(out.status).toBe(303);
    expect(out.headers['set-cookie']?.[0]).toMatch(/^chasqui_console=; .*Max-Age=0/);
    expect(sessions.size()).toBe(0);
    expect((await loginForm(url)).csrf).not.toBe('');
  });
});
