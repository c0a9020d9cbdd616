import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFaultHeader } from '../../src/sandbox/faults.js';
import { useSandbox } from '../helpers/sandbox.js';
import { get, post } from './http.js';

const sandbox = useSandbox();
const RUC = { ruc: '20123456786' };

afterEach(() => {
  sandbox.clearFaults();
  sandbox.resetRequests();
});

describe('sandbox faults over HTTP', () => {
  it('delays then answers normally on latency', async () => {
    const started = performance.now();
    const res = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'latency;delay=150' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.json).toMatchObject({ success: true, data: { ruc: '20123456786' } });
  });

  it('answers the given status with an HTML body (5xx) or an empty body (others)', async () => {
    const res = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'status;status=503' });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('503 Service Unavailable');
    const teapot = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'status;status=418' });
    expect(teapot.status).toBe(418);
    expect(teapot.text).toBe('');
  });

  it('answers 429 with Retry-After on rate-limit', async () => {
    const res = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'rate-limit;retry-after=2' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('2');
  });

  it('sends a truncated JSON body with 200 on malformed-json', async () => {
    const res = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'malformed-json' });
    expect(res.status).toBe(200);
    expect(res.text.startsWith('{"success":true')).toBe(true);
    expect(() => JSON.parse(res.text)).toThrow();
  });

  it('sends a success envelope whose data breaks the schema on schema-break', async () => {
    const res = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'schema-break' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { ruc: 20123456786 } });
    const groups = await get(sandbox, `${sandbox.messagingUrl}/group/all`, {
      'x-sandbox-fault': 'schema-break',
    });
    const first = (groups.json as { data: { data: { JID: unknown }[] } }).data.data[0];
    expect(typeof first?.JID).toBe('number');
  });

  it('destroys the socket on reset', async () => {
    await expect(post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'reset' })).rejects.toMatchObject({
      code: expect.stringMatching(/^(UND_ERR_SOCKET|ECONNRESET)$/),
    });
    // The server keeps serving afterwards.
    expect((await post(sandbox, '/ruc', RUC)).status).toBe(200);
  });

  it('answers 403 with the credits message on credits', async () => {
    const res = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'credits' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, message: 'No cuenta con créditos suficientes en su plan' });
  });

  it('refuses an unknown fault kind in the header with 400', async () => {
    const res = await post(sandbox, '/ruc', RUC, { 'x-sandbox-fault': 'meteor' });
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message).toContain('meteor');
  });
});

describe('sandbox injected faults', () => {
  it('apply to the matching path only, `times` times, then the normal answer returns', async () => {
    sandbox.injectFault({ path: '/ruc', kind: 'status', status: 503, times: 2 });
    expect((await post(sandbox, '/dni', { dni: '41234567' })).status).toBe(200);
    expect((await post(sandbox, '/ruc', RUC)).status).toBe(503);
    expect((await post(sandbox, '/ruc', RUC)).status).toBe(503);
    expect((await post(sandbox, '/ruc', RUC)).status).toBe(200);
    expect(sandbox.requestCount('/ruc')).toBe(3);
  });

  it('are consumed in injection order, and a trailing * matches a path prefix', async () => {
    sandbox.injectFault({ kind: 'rate-limit', retryAfterSeconds: 3 });
    sandbox.injectFault({ path: '/taxauth/guia/*', kind: 'credits' });
    const first = await get(sandbox, '/taxauth/guia/json/20123456786-09-T001-42');
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('3');
    expect((await get(sandbox, '/taxauth/guia/xml/20123456786-09-T001-42')).status).toBe(403);
    expect((await get(sandbox, '/taxauth/guia/xml/20123456786-09-T001-42')).status).toBe(200);
  });

  it('match the messaging path and stop after clearFaults', async () => {
    sandbox.injectFault({ path: '/group/all', kind: 'status', status: 502, times: Number.POSITIVE_INFINITY });
    expect((await get(sandbox, `${sandbox.messagingUrl}/group/all`)).status).toBe(502);
    expect((await get(sandbox, `${sandbox.messagingUrl}/group/all`)).status).toBe(502);
    sandbox.clearFaults();
    expect((await get(sandbox, `${sandbox.messagingUrl}/group/all`)).status).toBe(200);
  });
});

describe('sandbox request log', () => {
  it('records method, path and body but never the token nor the tax-portal password', async () => {
    const body = {
      ruc: '20123456786',
      usuario: 'CHASQUI1',
      password: 'sandbox-clave',
      proveedor: '20123456786',
      tipo_doc: '01',
      serie: 'F001',
      correlativo: '123',
    };
    expect((await post(sandbox, '/taxauth/xml', body)).status).toBe(200);
    const [entry] = sandbox.requests;
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/taxauth/xml' });
    expect(entry?.body).toMatchObject({ usuario: 'CHASQUI1', password: '[redacted]' });
    expect(entry?.at).toBeInstanceOf(Date);
    const dump = JSON.stringify(sandbox.requests);
    expect(dump).not.toContain('sandbox-clave');
    expect(dump).not.toContain(sandbox.token);
    sandbox.resetRequests();
    expect(sandbox.requests).toHaveLength(0);
    expect(sandbox.requestCount()).toBe(0);
  });

  it('counts requests by path suffix', async () => {
    await post(sandbox, '/ruc', RUC);
    await post(sandbox, '/ruc/establecimientos', RUC);
    await post(sandbox, '/ruc', RUC);
    expect(sandbox.requestCount('/ruc')).toBe(2);
    expect(sandbox.requestCount('/establecimientos')).toBe(1);
    expect(sandbox.requestCount()).toBe(3);
  });

  it('answers 50 queued requests over one keep-alive connection', async () => {
    const agent = new Agent({ connections: 1 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(`${sandbox.baseUrl}/ruc`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(RUC),
        }).then(async (r) => {
          await r.body.dump();
          return r.statusCode;
        }),
      ),
    );
    await agent.close();
    expect(replies.every((s) => s === 200)).toBe(true);
    expect(sandbox.requestCount('/ruc')).toBe(50);
  });
});

describe('parseFaultHeader', () => {
  it('reads the kind and its parameters', () => {
    expect(parseFaultHeader('status;status=504;delay=20')).toEqual({
      kind: 'status',
      status: 504,
      delayMs: 20,
    });
    expect(parseFaultHeader(' Rate-Limit ; retry-after=7 ')).toEqual({
      kind: 'rate-limit',
      retryAfterSeconds: 7,
    });
  });

  it('rejects unknown parameters and non-numeric values', () => {
    expect(parseFaultHeader('status;code=500')).toHaveProperty('error');
    expect(parseFaultHeader('latency;delay=soon')).toHaveProperty('error');
  });
});
