import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleBindError, type ConsoleServer, startConsole } from '../../src/console/server.js';
import { checkReadiness } from '../../src/ops/health.js';
import { consoleHarness, loginForm } from './harness.js';

let dir: string;
let harness: ReturnType<typeof consoleHarness>;
let server: ConsoleServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-console-http-'));
  harness = consoleHarness(dir);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await harness.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('health endpoints', () => {
  it('/healthz answers while the process lives; /readyz only once WhatsApp is open', async () => {
    server = await startConsole(harness.deps, { host: '127.0.0.1', port: 0 });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    const body = (await notReady.json()) as { checks: Record<string, { ok: boolean }> };
    expect(body.checks.whatsapp?.ok).toBe(false);
    expect(body.checks.database?.ok).toBe(true);

    harness.state.update({ kind: 'open', selfIds: ['51900000001@s.whatsapp.net'] });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', ready: true });
  });

  it('readiness fails for a stuck outbox and for low disk space', async () => {
    harness.state.update({ kind: 'open', selfIds: [] });
    harness.db
      .prepare(
        "INSERT INTO outbox (chat_id, kind, payload, status, created_at, wa_id) VALUES ('x@g.us', 'text', '{}', 'pending', ?, 'W1')",
      )
      .run(Date.now() - 30 * 60_000);
    const stuck = await checkReadiness({
      pairing: harness.state,
      stats: harness.deps.stats,
      dataDir: dir,
      freeBytes: async () => 5e9,
    });
    expect(stuck.ready).toBe(false);
    expect(stuck.checks.outbox.ok).toBe(false);
    expect(stuck.checks.disk.ok).toBe(true);
    const full = await checkReadiness({
      pairing: harness.state,
      stats: harness.deps.stats,
      dataDir: dir,
      freeBytes: async () => 10 * 1024 * 1024,
      maxPendingAgeMs: 3_600_000,
    });
    expect(full.checks.outbox.ok).toBe(true);
    expect(full.checks.disk).toEqual({ ok: false, detail: '10 MiB free (min 100)' });
  });
});

describe('beyond loopback', () => {
  it('refuses to bind without a password', async () => {
    await expect(startConsole(harness.deps, { host: '0.0.0.0', port: 0 })).rejects.toBeInstanceOf(
      ConsoleBindError,
    );
  });

  it('refuses unauthenticated access to pages, the API and metrics', async () => {
    server = await startConsole(harness.deps, { host: '0.0.0.0', port: 0, password: 'clave-larga-123' });
    const url = server.url.replace('0.0.0.0', '127.0.0.1');
    const page = await fetch(`${url}/groups`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/login');
    expect((await fetch(`${url}/api/status`)).status).toBe(401);
    expect((await fetch(`${url}/pairing/qr.svg`, { redirect: 'manual' })).status).toBe(303);
    const post = await fetch(`${url}/groups/toggle`, { method: 'POST', body: 'chatId=1%40g.us&active=1' });
    expect(post.status).toBe(401);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer otra-clave' } })).status).toBe(
      401,
    );
    expect(
      (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer clave-larga-123' } })).status,
    ).toBe(200);
    // /healthz stays open for Docker's HEALTHCHECK and load balancers.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const headers = page.headers;
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it('rate-limits failed logins per client', async () => {
    server = await startConsole(harness.deps, {
      host: '127.0.0.1',
      port: 0,
      password: 'clave-larga-123',
      maxLoginFailures: 3,
    });
    const { cookie, csrf } = await loginForm(server.url);
    const attempt = (password: string) =>
      fetch(`${server?.url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, password }).toString(),
      });
    for (let i = 0; i < 3; i++) expect((await attempt('mala')).status).toBe(401);
    const blocked = await attempt('clave-larga-123');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('logs in with the password: HttpOnly SameSite=Strict session cookie', async () => {
    server = await startConsole(harness.deps, { host: '127.0.0.1', port: 0, password: 'clave-larga-123' });
    const { cookie, csrf } = await loginForm(server.url);
    const response = await fetch(`${server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, password: 'clave-larga-123' }).toString(),
    });
    expect(response.status).toBe(303);
    const session = response.headers.get('set-cookie') ?? '';
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    const status = await fetch(`${server.url}/api/status`, {
      headers: { cookie: session.split(';')[0] ?? '' },
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ lookupMode: 'sandbox', whatsapp: { state: 'connecting' } });
  });

  it('without a password on loopback, says so on the page', async () => {
    server = await startConsole(harness.deps, { host: '127.0.0.1', port: 0 });
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('Consola sin contraseña');
  });
});
