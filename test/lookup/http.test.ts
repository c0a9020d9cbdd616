import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLookupClient, type LookupClient } from '../../src/lookup/client.js';
import {
  LookupHttpError,
  LookupNetworkError,
  LookupRateLimitedError,
  LookupRejectedError,
  LookupTimeoutError,
} from '../../src/lookup/errors.js';
import { parseRetryAfter } from '../../src/lookup/http.js';

const ORIGIN = 'http://lookup.test';
const OK = {
  success: true,
  message: 'exito',
  data: { placa: 'ABC123', marca: 'VOLVO', modelo: 'FH', serie: 'S', color: 'BLANCO', motor: 'M', vin: 'V' },
};

let agent: MockAgent;
let sleeps: number[];
let client: LookupClient;

function makeClient(overrides: Parameters<typeof createLookupClient>[0] = {}): LookupClient {
  return createLookupClient({
    env: {},
    baseUrl: `${ORIGIN}/api/v1`,
    token: 'tok-unit',
    dispatcher: agent,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
}

function codeError(code: string): Error {
  return Object.assign(new Error(`socket failure ${code}`), { code });
}

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  sleeps = [];
  client = makeClient();
});

afterEach(async () => {
  await client.close();
  await agent.close();
});

describe('transport retries', () => {
  it('sends the bearer token and a JSON body under the api prefix', async () => {
    let seen: { headers: unknown; body: unknown } | undefined;
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .reply((opts) => {
        seen = { headers: opts.headers, body: opts.body };
        return { statusCode: 200, data: OK };
      });
    await client.vehicle('ABC123');
    expect(seen?.headers).toMatchObject({
      authorization: 'Bearer tok-unit',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(seen?.body))).toEqual({ placa: 'ABC123' });
  });

  it('retries a 503 and succeeds on the next 200, waiting a jittered backoff', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).reply(503, 'busy');
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).reply(200, OK);
    await expect(client.vehicle('ABC123')).resolves.toMatchObject({ placa: 'ABC123' });
    expect(sleeps).toEqual([100]);
  });

  it('grows the backoff exponentially, caps it, and gives up with an HTTP error', async () => {
    await client.close();
    client = makeClient({ retries: 4, retryBaseMs: 200, retryMaxMs: 500, random: () => 0.999 });
    agent.get(ORIGIN).intercept({ path: '/api/v1/placa', method: 'POST' }).reply(502, 'bad gateway').times(5);
    const error = await client.vehicle('ABC123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupHttpError);
    expect(error).toMatchObject({ status: 502 });
    expect(sleeps).toEqual([199, 399, 499, 499]);
  });

  it('never retries a 400', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .reply(400, { success: false, message: 'Bad Request' });
    await expect(client.vehicle('ZZZ999')).rejects.toBeInstanceOf(LookupRejectedError);
    expect(sleeps).toEqual([]);
  });

  it('honours Retry-After in seconds on a 429', async () => {
    const pool = agent.get(ORIGIN);
    pool
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .reply(429, '', { headers: { 'retry-after': '2' } });
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).reply(200, OK);
    await client.vehicle('ABC123');
    expect(sleeps).toEqual([2000]);
  });

  it('reports rate limited with the last Retry-After once retries run out', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .reply(429, '', { headers: { 'retry-after': '1' } })
      .times(3);
    const error = await client.vehicle('ABC123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupRateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 1000 });
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('fails at once when Retry-After is longer than the longest wait allowed', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .reply(429, '', { headers: { 'retry-after': '120' } });
    await expect(client.vehicle('ABC123')).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 120_000,
    });
    expect(sleeps).toEqual([]);
  });

  it('retries a connection reset and maps the last one to a network error with its code', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .replyWithError(codeError('ECONNRESET'))
      .times(3);
    const error = await client.vehicle('ABC123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupNetworkError);
    expect(error).toMatchObject({ code: 'ECONNRESET', operation: 'vehicle' });
    expect(sleeps).toHaveLength(2);
  });

  it('maps undici timeout codes to a timeout error after retrying', async () => {
    const pool = agent.get(ORIGIN);
    pool
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .replyWithError(codeError('UND_ERR_HEADERS_TIMEOUT'))
      .times(3);
    const error = await client.vehicle('ABC123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 10_000 });
  });

  it('does not retry once the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    agent.get(ORIGIN).intercept({ path: '/api/v1/placa', method: 'POST' }).reply(200, OK);
    await expect(client.vehicle('ABC123', { signal: controller.signal })).rejects.toThrow('caller gave up');
    expect(sleeps).toEqual([]);
  });

  it('logs each attempt at debug with operation, status, attempt and duration only', async () => {
    const lines: object[] = [];
    await client.close();
    client = makeClient({ logger: { debug: (obj) => lines.push(obj) } });
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).reply(503, 'busy');
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).reply(200, OK);
    await client.vehicle('ABC123');
    expect(lines).toEqual([
      { op: 'vehicle', attempt: 1, status: 503, durationMs: expect.any(Number) },
      { op: 'vehicle', attempt: 2, status: 200, durationMs: expect.any(Number) },
    ]);
  });
});

describe('per-attempt timeout over a real socket', () => {
  let server: Server;
  let url: string;
  beforeEach(async () => {
    // Never answers: undici's headers timer (coarse, ~1 s resolution) must fire.
    server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up after timeoutMs on the pool and reports a timeout', async () => {
    const real = createLookupClient({ env: {}, baseUrl: url, token: 't', timeoutMs: 100, retries: 0 });
    try {
      await expect(real.ruc('20123456786')).rejects.toMatchObject({ kind: 'timeout', timeoutMs: 100 });
    } finally {
      await real.close();
    }
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and ignores garbage', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
