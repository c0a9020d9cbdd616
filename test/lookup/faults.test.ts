import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLookupClient, type LookupClient } from '../../src/lookup/client.js';
import { LookupCreditsError, LookupUnauthorizedError } from '../../src/lookup/errors.js';
import type { LookupClientOptions } from '../../src/lookup/options.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

// Every error case of the client, produced by the real sandbox over loopback HTTP.
const NOW = new Date('2026-11-23T15:00:00Z');
const OWN = '20123456786';

let sandbox: SandboxHandle;
let client: LookupClient;
let sleeps: number[];
const opened: LookupClient[] = [];

function make(options: LookupClientOptions = {}): LookupClient {
  const made = createLookupClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    messagingBaseUrl: sandbox.messagingUrl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  opened.push(made);
  return made;
}

const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => NOW });
  client = make();
});

beforeEach(() => {
  sandbox.clearFaults();
  sandbox.resetRequests();
  sleeps = [];
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await sandbox?.close();
});

describe('answers that are errors', () => {
  it.each([
    ['dni', () => client.dni('87654321'), 'No se encontró DNI'],
    ['ruc', () => client.ruc('20609876540'), 'No se encontró RUC'],
    ['searchCompany', () => client.searchCompany('NINGUNA EMPRESA XYZ'), 'No se encontraron resultados'],
  ] as const)('%s: not found keeps the upstream message verbatim', async (operation, call, message) => {
    const error = await rejection(call());
    expect(error).toMatchObject({ kind: 'not_found', operation, upstreamMessage: message });
  });

  it('vehicle: an unknown plate is rejected with Bad Request and not retried', async () => {
    const error = await rejection(client.vehicle('ZZZ999'));
    expect(error).toMatchObject({ kind: 'rejected', upstreamMessage: 'Bad Request' });
    expect(sandbox.requestCount('/placa')).toBe(1);
  });

  it('a wrong token is unauthorized (401), not credits', async () => {
    const error = await rejection(make({ token: 'wrong-token' }).ruc(OWN));
    expect(error).toBeInstanceOf(LookupUnauthorizedError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(sandbox.requestCount('/ruc')).toBe(1);
  });

  it('exhausted credits are their own error (LookupCreditsError), not a bad token', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'credits' });
    const error = await rejection(client.ruc(OWN));
    expect(error).toBeInstanceOf(LookupCreditsError);
    expect(error).toMatchObject({ kind: 'credits', status: 403 });
  });
});

describe('retries over HTTP', () => {
  it('a 503 then a 200 succeeds after one backoff', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'status', status: 503 });
    await expect(client.ruc(OWN)).resolves.toMatchObject({ ruc: OWN });
    expect(sandbox.requestCount('/ruc')).toBe(2);
    expect(sleeps).toHaveLength(1);
  });

  it('a 400 is never retried: the sandbox sees exactly one request', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'status', status: 400 });
    await expect(client.ruc(OWN)).rejects.toMatchObject({ status: 400 });
    expect(sandbox.requestCount('/ruc')).toBe(1);
  });

  it('a 429 waits Retry-After and then succeeds', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'rate-limit', retryAfterSeconds: 2 });
    await expect(client.ruc(OWN)).resolves.toMatchObject({ ruc: OWN });
    expect(sleeps).toEqual([2000]);
    expect(sandbox.requestCount('/ruc')).toBe(2);
  });

  it('429 on every attempt ends rate limited with Retry-After', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'rate-limit', retryAfterSeconds: 1, times: 3 });
    const error = await rejection(client.ruc(OWN));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 });
    expect(sandbox.requestCount('/ruc')).toBe(3);
  });

  it('a reset connection is retried', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'reset' });
    await expect(client.ruc(OWN)).resolves.toMatchObject({ ruc: OWN });
    expect(sleeps).toHaveLength(1);
  });

  it('a closed port is a network error after the retries', async () => {
    const port = await freePort();
    const error = await rejection(make({ baseUrl: `http://127.0.0.1:${port}/api/v1` }).ruc(OWN));
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNREFUSED', operation: 'ruc' });
    expect(sleeps).toHaveLength(2);
  });

  it('latency beyond timeoutMs is a timeout; with a retry left the next attempt succeeds', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'latency', delayMs: 2500 });
    await expect(make({ timeoutMs: 150, retries: 0 }).ruc(OWN)).rejects.toMatchObject({
      kind: 'timeout',
      operation: 'ruc',
      timeoutMs: 150,
    });
    sandbox.injectFault({ path: '/ruc', kind: 'latency', delayMs: 2500 });
    await expect(make({ timeoutMs: 150, retries: 1 }).ruc(OWN)).resolves.toMatchObject({ ruc: OWN });
    expect(sleeps).toHaveLength(1);
    expect(sandbox.requestCount('/ruc')).toBe(3);
  });
});

describe('broken payloads', () => {
  it('malformed JSON is a schema error at (body)', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'malformed-json' });
    await expect(client.ruc(OWN)).rejects.toMatchObject({ kind: 'schema', operation: 'ruc', path: '(body)' });
  });

  it('a schema-breaking payload names the operation and the bad field', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'schema-break' });
    const error = (await rejection(client.ruc(OWN))) as Error & { path: string };
    expect(error).toMatchObject({ kind: 'schema', operation: 'ruc' });
    expect(error.path).toMatch(/^data\.\w/);
    expect(error.message).toContain(error.path);
  });

  it('a schema break in a guide names a nested path', async () => {
    sandbox.injectFault({ path: '/taxauth/guia/json/*', kind: 'schema-break' });
    const error = await rejection(client.guide({ ruc: OWN, type: '09', series: 'T001', number: '42' }));
    expect(error).toMatchObject({
      kind: 'schema',
      operation: 'guide',
      path: expect.stringMatching(/^data\./),
    });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
