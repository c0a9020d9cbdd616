import { describe, expect, it } from 'vitest';
import { consoleEachTest, cookiesOf, csrfOf, rawRequest } from './harness.js';

/**
 * Issue 19: DNS rebinding and cross-site requests. A page the operator opens must not reach the
 * console under a name of its own (Host allow-list), nor change anything from another site
 * (Origin / Sec-Fetch-Site on every state-changing request).
 */

const GROUP = '120363000000000201@g.us';
const site = consoleEachTest();
const start = site.start;
const isActive = () => site.harness().deps.services.groupSettings.isActive(GROUP);

/** A page's CSRF token and cookies, read the way a visitor reaching it as `host` would. */
async function pageAs(url: string, host: string) {
  const answer = await rawRequest(url, '/drivers', { headers: { host } });
  return { answer, cookie: cookiesOf(answer.headers), csrf: csrfOf(answer.body) };
}

const toggle = (csrf: string, active: '0' | '1') =>
  new URLSearchParams({ _csrf: csrf, chatId: GROUP, active }).toString();

describe('Host allow-list', () => {
  it('answers 403 with a clear Spanish refusal to a foreign Host in the default no-password mode (DNS rebinding)', async () => {
    const url = await start();
    const port = new URL(url).port;
    const evil = `rebind.example:${port}`;
    const before = isActive();

    const page = await pageAs(url, evil);
    expect(page.answer.status).toBe(403);
    expect(page.answer.body).toContain('no responde al nombre');
    expect(page.answer.body).toContain('CHASQUI_CONSOLE_ALLOWED_HOSTS');
    expect(page.answer.body).not.toContain('Despacho');
    for (const route of ['/', '/drivers', '/outbox', '/api/status', '/events', '/metrics']) {
      expect((await rawRequest(url, route, { headers: { host: evil } })).status, route).toBe(403);
    }
    // The probe of the issue: read a token under the foreign name, then switch the group.
    const own = await pageAs(url, `127.0.0.1:${port}`);
    const post = await rawRequest(url, '/groups/toggle', {
      method: 'POST',
      headers: { host: evil, cookie: own.cookie },
      body: toggle(own.csrf, before === false ? '1' : '0'),
    });
    expect(post.status).toBe(403);
    expect(isActive()).toBe(before);
  });

  it('serves the loopback names, the bind address and the configured names; health probes answer any Host', async () => {
    const url = await start({ allowedHosts: ['chasqui.example.pe', '192.0.2.10'] });
    const port = new URL(url).port;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      'LOCALHOST',
      `[::1]:${port}`,
      'chasqui.example.pe',
      `Chasqui.Example.PE:${port}`,
      '192.0.2.10',
    ]) {
      expect((await rawRequest(url, '/', { headers: { host } })).status, host).toBe(200);
    }
    for (const host of [
      'chasqui.example.pe.evil.example',
      'example.pe',
      'localhost.evil.example',
      '192.0.2.11',
    ]) {
      expect((await rawRequest(url, '/', { headers: { host } })).status, host).toBe(403);
    }
    expect((await rawRequest(url, '/healthz', { headers: { host: 'rebind.example' } })).status).toBe(200);
    expect([200, 503]).toContain(
      (await rawRequest(url, '/readyz', { headers: { host: 'pod.internal' } })).status,
    );
  });

  it('allows the address it is bound to when that is a specific one', async () => {
    const url = await start({ host: '127.0.0.2' });
    expect((await rawRequest(url, '/', { headers: { host: '127.0.0.2' } })).status).toBe(200);
  });
});

describe('Origin and Sec-Fetch-Site on state-changing requests', () => {
  it('refuses a cross-site POST even with a valid CSRF token, and says why', async () => {
    const url = await start();
    const port = new URL(url).port;
    const host = `127.0.0.1:${port}`;
    const own = await pageAs(url, host);
    const before = isActive();
    const next = before === false ? '1' : '0';
    const foreign: Record<string, string>[] = [
      { origin: 'https://ataque.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: `http://${host}` },
      // Another port of the same machine is the same site, but not this console.
      { 'sec-fetch-site': 'same-site', origin: `http://localhost:3000` },
      { origin: `http://127.0.0.1:${Number(port) + 1}` },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const answer = await rawRequest(url, '/groups/toggle', {
        method: 'POST',
        headers: { host, cookie: own.cookie, ...headers },
        body: toggle(own.csrf, next),
      });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toContain('otro sitio');
      expect(isActive()).toBe(before);
    }
    const same = await rawRequest(url, '/groups/toggle', {
      method: 'POST',
      headers: { host, cookie: own.cookie, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
      body: toggle(own.csrf, next),
    });
    expect(same.status).toBe(303);
    expect(isActive()).toBe(next === '1');
  });

  it('refuses a cross-site login POST, even with the right password', async () => {
    const url = await start({ password: 'clave-larga-123' });
    const host = new URL(url).host;
    const form = await rawRequest(url, '/login', { headers: { host } });
    const answer = await rawRequest(url, '/login', {
      method: 'POST',
      headers: { host, cookie: cookiesOf(form.headers), origin: 'https://ataque.example' },
      body: new URLSearchParams({ _csrf: csrfOf(form.body), password: 'clave-larga-123' }).toString(),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie'] ?? []).toEqual([]);
  });

  it('behind a trusted proxy, accepts the public name it forwards (X-Forwarded-Host) as Host and Origin', async () => {
    const url = await start({ allowedHosts: ['chasqui.example.pe'], trustedProxies: ['127.0.0.1'] });
    const proxied = { host: '127.0.0.1', 'x-forwarded-host': 'chasqui.example.pe' };
    const own = await rawRequest(url, '/drivers', { headers: proxied });
    expect(own.status).toBe(200);
    const answer = await rawRequest(url, '/groups/toggle', {
      method: 'POST',
      headers: { ...proxied, cookie: cookiesOf(own.headers), origin: 'https://chasqui.example.pe' },
      body: toggle(csrfOf(own.body), '1'),
    });
    expect(answer.status).toBe(303);
    const rebound = await rawRequest(url, '/groups', {
      headers: { host: '127.0.0.1', 'x-forwarded-host': 'rebind.example' },
    });
    expect(rebound.status).toBe(403);
  });
});
