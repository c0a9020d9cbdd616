import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import type { ConsoleServer } from '../../src/console/server.js';
import { silentLogger } from '../../src/logger.js';
import { createOpsRuntime, type OpsRuntime } from '../../src/ops/runtime.js';
import { attachOps } from '../helpers/ops-attach.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import { cookiesOf, csrfOf, rawRequest } from './harness.js';

/**
 * Estado's "Enviar alerta de prueba": a POST under the console's CSRF and Origin rules that posts
 * one test alert to the configured webhook, in its format, and says in Spanish how it went.
 */

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A loopback webhook answering `status`; the bodies it got. */
async function receiver(status: number): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies };
}

/** `chasqui start`'s ops runtime and console (loopback, no password) with this environment. */
async function startedConsole(env: Record<string, string>): Promise<string> {
  const db: SqliteDatabase = openDatabase({ dir: ':memory:' });
  const config = parseConfig({}, { CHASQUI_CONSOLE_PORT: '0', CHASQUI_INSTANCE: 'ventas', ...env });
  const ops: OpsRuntime = createOpsRuntime({ config, db, logger: silentLogger() });
  const server: ConsoleServer | undefined = await attachOps(ops, config);
  cleanups.push(async () => {
    await server?.close();
    await ops.close();
    db.close();
  });
  if (!server) throw new Error('console not started');
  return server.url;
}

/** Estado's form as a browser holds it, then its POST (with `headers` added); the page after. */
async function pressTestButton(url: string, headers: Record<string, string> = {}, from = '/') {
  const page = await rawRequest(url, from);
  const cookie = cookiesOf(page.headers);
  const post = await rawRequest(url, '/alerts/test', {
    method: 'POST',
    headers: { cookie, 'sec-fetch-site': 'same-origin', ...headers },
    body: new URLSearchParams({ _csrf: csrfOf(page.body) }).toString(),
  });
  const after =
    post.status === 303
      ? await rawRequest(url, String(post.headers.location), { headers: { cookie } })
      : undefined;
  return { page, post, after };
}

describe('the console’s alert test send', () => {
  it('posts one test alert in the configured format and says it went', async () => {
    const hook = await receiver(200);
    const url = await startedConsole({ CHASQUI_ALERT_WEBHOOK: hook.url, CHASQUI_ALERT_FORMAT: 'discord' });
    const { page, post, after } = await pressTestButton(url);
    expect(page.body).toContain('Enviar alerta de prueba');
    expect(page.body).toContain('formato discord');
    expect(post.status).toBe(303);
    expect(post.headers.location).toBe('/?nota=alert-test-sent');
    expect(after?.body).toContain('Alerta de prueba enviada: revise que llegó a su canal de alertas.');
    expect(hook.bodies).toHaveLength(1);
    expect(JSON.parse(hook.bodies[0] ?? '')).toMatchObject({
      content: expect.stringContaining('[ventas] Alerta de prueba enviada desde la consola'),
    });
  });

  it('says the service refused it (a 4xx: URL or format) or could not be reached, in Spanish', async () => {
    const refusing = await receiver(400);
    const refused = await pressTestButton(await startedConsole({ CHASQUI_ALERT_WEBHOOK: refusing.url }));
    expect(refused.post.headers.location).toBe('/?nota=alert-test-refused');
    expect(refused.after?.body).toContain('El servicio de alertas rechazó la prueba');
    const failing = await receiver(503);
    const failed = await pressTestButton(await startedConsole({ CHASQUI_ALERT_WEBHOOK: failing.url }));
    expect(failed.post.headers.location).toBe('/?nota=alert-test-failed');
    expect(failed.after?.body).toContain('La prueba no llegó');
    expect(failing.bodies).toHaveLength(1); // once: the operator is waiting, no retries
  });

  it('without a webhook shows no button, and a POST says what to set', async () => {
    const url = await startedConsole({});
    const status = await rawRequest(url, '/');
    expect(status.body).not.toContain('Enviar alerta de prueba');
    expect(status.body).toContain('Sin webhook de alertas');
    // A form posted anyway (an old tab, a restart without the webhook): the token of another page's form.
    const { post, after } = await pressTestButton(url, {}, '/pairing');
    expect(post.headers.location).toBe('/?nota=alert-test-none');
    expect(after?.body).toContain('defina CHASQUI_ALERT_WEBHOOK');
  });

  it('refuses a POST without the form’s CSRF token or from another site, and sends nothing', async () => {
    const hook = await receiver(200);
    const url = await startedConsole({ CHASQUI_ALERT_WEBHOOK: hook.url });
    const page = await rawRequest(url, '/');
    const cookie = cookiesOf(page.headers);
    const noToken = await rawRequest(url, '/alerts/test', { method: 'POST', headers: { cookie }, body: '' });
    expect(noToken.status).toBe(403);
    const crossSite = await pressTestButton(url, {
      'sec-fetch-site': 'cross-site',
      origin: 'https://ataque.example',
    });
    expect(crossSite.post.status).toBe(403);
    expect(crossSite.post.body).toContain('vino de otro sitio');
    expect(hook.bodies).toEqual([]);
  });
});
