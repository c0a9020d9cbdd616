import { describe, expect, it, vi } from 'vitest';
import { consoleEachTest, loginForm, rawRequest } from './harness.js';

/**
 * Issue 19: one login limiter, taken atomically, shared by the login form, Bearer and Basic on
 * /metrics; a per-client wait that grows instead of a lock everyone behind one address shares.
 */

const PASSWORD = 'clave-larga-123';
const site = consoleEachTest();
const start = (extra: { trustedProxies?: string[] } = {}) => site.start({ password: PASSWORD, ...extra });

/** Status codes of many requests sent at once, counted. */
async function statuses(
  count: number,
  send: (index: number) => Promise<number>,
): Promise<Record<number, number>> {
  const codes = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const tally: Record<number, number> = {};
  for (const code of codes) tally[code] = (tally[code] ?? 0) + 1;
  return tally;
}

const basic = (password: string) => `Basic ${Buffer.from(`prometheus:${password}`).toString('base64')}`;

function viaForm(url: string, form: { cookie: string; csrf: string }, password: string, headers = {}) {
  return fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ _csrf: form.csrf, password }).toString(),
  });
}

const viaMetrics = (url: string, authorization: string, headers = {}) =>
  fetch(`${url}/metrics`, { headers: { authorization, ...headers } });

describe('one login limiter for every way in', () => {
  it('checks only 5 of 60 concurrent wrong passwords on the login form: the 6th on is refused', async () => {
    const url = await start();
    const form = await loginForm(url);
    const tally = await statuses(60, async () => (await viaForm(url, form, 'no-es-la-clave')).status);
    expect(tally).toEqual({ 401: 5, 429: 55 });
  });

  it('checks only 5 of 60 concurrent wrong Bearer tokens on /metrics', async () => {
    const url = await start();
    const tally = await statuses(60, async () => (await viaMetrics(url, 'Bearer no-es-la-clave')).status);
    expect(tally).toEqual({ 401: 5, 429: 55 });
  });

  it('checks only 5 of 60 concurrent wrong Basic credentials on /metrics', async () => {
    const url = await start();
    const tally = await statuses(60, async () => (await viaMetrics(url, basic('no-es-la-clave'))).status);
    expect(tally).toEqual({ 401: 5, 429: 55 });
  });

  it('counts failures of every route together: then the right password is refused on all of them', async () => {
    const url = await start();
    const form = await loginForm(url);
    expect((await viaForm(url, form, 'mala-1')).status).toBe(401);
    expect((await viaForm(url, form, 'mala-2')).status).toBe(401);
    expect((await viaMetrics(url, 'Bearer mala-3')).status).toBe(401);
    expect((await viaMetrics(url, 'Bearer mala-4')).status).toBe(401);
    expect((await viaMetrics(url, basic('mala-5'))).status).toBe(401);

    const refusedForm = await viaForm(url, form, PASSWORD);
    expect(refusedForm.status).toBe(429);
    expect(await refusedForm.text()).toContain('Demasiados intentos');
    const refusedBearer = await viaMetrics(url, `Bearer ${PASSWORD}`);
    expect(refusedBearer.status).toBe(429);
    expect(Number(refusedBearer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await viaMetrics(url, basic(PASSWORD))).status).toBe(429);
  });

  it('makes one client wait longer after each failure past the fifth (10 s, 20 s, 40 s); a success starts over', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-14T13:00:00Z') });
    const url = await start();
    const form = await loginForm(url);
    const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
    for (let i = 0; i < 5; i++) expect((await viaForm(url, form, `mala-${i}`)).status).toBe(401);

    const waits: number[] = [];
    for (const _ of [1, 2, 3]) {
      const refused = await viaForm(url, form, 'mala');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      later(wait - 1);
      expect((await viaForm(url, form, PASSWORD)).status, 'still waiting').toBe(429);
      later(1);
      expect((await viaForm(url, form, 'mala')).status, 'the wait is over').toBe(401);
    }
    expect(waits).toEqual([10, 20, 40]);

    later(80);
    expect((await viaForm(url, form, PASSWORD)).status).toBe(303);
    for (let i = 0; i < 5; i++) expect((await viaForm(url, form, `otra-${i}`)).status).toBe(401);
    expect((await viaForm(url, form, 'otra')).status).toBe(429);
  });

  it('locks no one else: behind a trusted proxy each client has its own count, and loopback still gets in', async () => {
    const url = await start({ trustedProxies: ['127.0.0.1'] });
    const form = await loginForm(url);
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    const tally = await statuses(
      60,
      async () => (await viaMetrics(url, 'Bearer no-es-la-clave', attacker)).status,
    );
    expect(tally).toEqual({ 401: 5, 429: 55 });
    expect((await viaForm(url, form, PASSWORD, attacker)).status).toBe(429);

    const operatorBehindProxy = { 'x-forwarded-for': '198.51.100.20' };
    expect((await viaForm(url, form, PASSWORD, operatorBehindProxy)).status).toBe(303);
    expect((await viaMetrics(url, `Bearer ${PASSWORD}`, operatorBehindProxy)).status).toBe(200);
    // On the machine itself (no proxy in between): its own client, never locked by others.
    expect((await viaMetrics(url, `Bearer ${PASSWORD}`)).status).toBe(200);
    expect((await viaForm(url, form, PASSWORD)).status).toBe(303);
  });

  it('ignores X-Forwarded-For from a peer that is not a configured proxy (no way around the limit)', async () => {
    const url = await start();
    const tally = await statuses(60, async (index) => {
      const forged = { 'x-forwarded-for': `203.0.113.${index + 1}` };
      return (await viaMetrics(url, 'Bearer no-es-la-clave', forged)).status;
    });
    expect(tally).toEqual({ 401: 5, 429: 55 });
  });

  it('answers the login form of a waiting client in Spanish with how long to wait', async () => {
    const url = await start();
    const form = await loginForm(url);
    for (let i = 0; i < 5; i++) await viaForm(url, form, `mala-${i}`);
    const refused = await rawRequest(url, '/login', {
      method: 'POST',
      headers: { cookie: form.cookie },
      body: new URLSearchParams({ _csrf: form.csrf, password: PASSWORD }).toString(),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.body).toContain('Demasiados intentos');
    expect(refused.body).toContain('10 segundos');
  });
});
