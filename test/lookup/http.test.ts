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

  it.each(['EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', 'ETIMEDOUT', 'ENETDOWN', 'EPIPE'])(
    'retries the connection-level %s and ends in a network error with that code',
    async (code) => {
      const pool = agent.get(ORIGIN);
      pool.intercept({ path: '/api/v1/placa', method: 'POST' }).replyWithError(codeError(code)).times(3);
      const error = await client.vehicle('ABC123').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LookupNetworkError);
      expect(error).toMatchObject({ code, operation: 'vehicle' });
      expect(sleeps).toHaveLength(2);
    },
  );

  it('succeeds when an unreachable host answers on the retry', async () => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).replyWithError(codeError('EHOSTUNREACH'));
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).reply(200, OK);
    await expect(client.vehicle('ABC123')).resolves.toMatchObject({ placa: 'ABC123' });
    expect(sleeps).toHaveLength(1);
  });

  it.each([
    'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'UND_ERR_RESPONSE_STATUS_CODE',
    'UND_ERR_CLOSED',
    'UND_ERR_DESTROYED',
    'UND_ERR_ABORTED',
    'UND_ERR_INVALID_ARG',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('wraps the non-connection undici error %s in a network error without retrying', async (code) => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).replyWithError(codeError(code));
    pool.intercept({ path: '/api/v1/placa', method: 'POST' }).reply(200, OK);
    const error = await client.vehicle('ABC123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupNetworkError);
    expect(error).toMatchObject({ code, operation: 'vehicle', kind: 'network' });
    expect((error as Error).cause).toMatchObject({ code });
    expect(sleeps).toEqual([]);
  });

  it('wraps an error without any code in a network error without retrying', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/placa', method: 'POST' })
      .replyWithError(new TypeError('something odd inside undici'));
    const error = await client.vehicle('ABC123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupNetworkError);
    expect(error).toMatchObject({ code: undefined, operation: 'vehicle' });
    expect(sleeps).toEqual([]);
  });

  it('reads the code of a wrapped system error from its cause', async () => {
    const wrapped = new Error('fetch failed', { cause: codeError('ECONNREFUSED') });
    agent.get(ORIGIN).intercept({ path: '/api/v1/placa', method: 'POST' }).replyWithError(wrapped).times(3);
    await expect(client.vehicle('ABC123')).rejects.toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
    expect(sleeps).toHaveLength(2);
  });

  it("rethrows the caller's reason when the caller aborts mid-request, without retrying", async () => {
    const controller = new AbortController();
    agent.get(ORIGIN).intercept({ path: '/api/v1/placa', method: 'POST' }).reply(200, OK).delay(5_000);
    const pending = client.vehicle('ABC123', { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error('caller left')), 20);
    const error = await pending;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('caller left');
    expect(sleeps).toEqual([]);
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
    const real = createLookupClient({ baseUrl: url, token: 't', timeoutMs: 100, retries: 0 });
    try {
      await expect(real.ruc('20123456786')).rejects.toMatchObject({ kind: 'timeout', timeoutMs: 100 });
    } finally {
      await real.close();
    }
  });
});

describe('total per-attempt deadline over a real socket', () => {
  let server: Server;
  let url: string;
  let requests: number;
  const GUIDE_XML_BODY = JSON.stringify({ success: true, message: 'exito', data: 'PGd1aWEvPg==' });
  beforeEach(async () => {
    requests = 0;
    // Headers at once, then one whitespace byte every 20 ms, forever: never idle long enough
    // for undici's body timeout, so only a total deadline can end the attempt.
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('ends a slowly dripped body at timeoutMs as a timeout, and retries it like one', async () => {
    const waits: number[] = [];
    const real = createLookupClient({
      baseUrl: url,
      token: 't',
      timeoutMs: 200,
      retries: 1,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const started = performance.now();
    try {
      const error = await real.ruc('20123456786').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LookupTimeoutError);
      expect(error).toMatchObject({ kind: 'timeout', operation: 'ruc', timeoutMs: 200 });
    } finally {
      await real.close();
    }
    expect(requests).toBe(2);
    expect(waits).toHaveLength(1);
    // Two attempts of 200 ms each; without the deadline the drip would never end.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('still returns a body that arrives in pieces within the deadline', async () => {
    server.removeAllListeners('request');
    server.on('request', (_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(GUIDE_XML_BODY.slice(0, 20));
      setTimeout(() => res.end(GUIDE_XML_BODY.slice(20)), 30);
    });
    const real = createLookupClient({ baseUrl: url, token: 't', timeoutMs: 2_000, retries: 0 });
    try {
      const ref = { ruc: '20123456786', type: '09', series: 'T001', number: '42' };
      await expect(real.guideXml(ref)).resolves.toBe('PGd1aWEvPg==');
      expect(requests).toBe(1);
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
