import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createLookupClient, type LookupClient, scrub } from '../../src/lookup/client.js';

const ORIGIN = 'http://lookup.test';
const TOKEN = 'tok-SECRET-4711';
const PASSWORD = 'clave-SECRETA-0815';
const USER = 'CHASQUI1';
const credentials = { ruc: '20123456786', user: USER, password: PASSWORD };
const doc = { ruc: '20123456786', type: '01', series: 'F001', number: '123' };

let agent: MockAgent;
let client: LookupClient;
let logged: string;

function everything(error: unknown): string {
  const e = error as Error;
  return `${JSON.stringify(error)}\n${e.message}\n${e.stack}\n${String(e.cause)}`;
}

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  logged = '';
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => (logged += line) } });
  client = createLookupClient({
    baseUrl: `${ORIGIN}/api/v1`,
    token: TOKEN,
    dispatcher: agent,
    logger,
    retries: 1,
    sleep: async () => {},
  });
});

afterEach(async () => {
  await client.close();
  await agent.close();
});

describe('secrets', () => {
  it('keeps token and tax-portal password out of a rejected invoice call and its logs', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/taxauth/xml', method: 'POST' })
      .reply(200, { success: false, message: `Credenciales invalidas: CHASQUI1/${PASSWORD} (${TOKEN})` });
    const error = await client.invoiceXml(credentials, doc).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', operation: 'invoiceXml' });
    const text = everything(error);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(USER);
    expect(logged).toContain('"op":"invoiceXml"');
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(USER);
  });

  it.each([
    ['a 401 envelope', 401, { success: false, message: `Usuario chasqui1 no autorizado` }, 'unauthorized'],
    ['a 500 failure', 500, { success: false, message: `Error interno para ${USER}` }, 'http'],
    ['a 400 rejection', 400, { success: false, message: `usuario ${USER} bloqueado` }, 'rejected'],
    ['a credits message', 200, { success: false, message: `${USER}: sin créditos en su plan` }, 'credits'],
  ])('keeps the tax-portal user out of %s, in any letter case', async (_name, status, body, kind) => {
    agent.get(ORIGIN).intercept({ path: '/api/v1/taxauth/pdf', method: 'POST' }).reply(status, body);
    const error = await client.invoicePdf(credentials, doc).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind, operation: 'invoicePdf' });
    const text = everything(error);
    expect(text).toContain('[redacted]');
    expect(text.toLowerCase()).not.toContain(USER.toLowerCase());
    expect(logged.toLowerCase()).not.toContain(USER.toLowerCase());
  });

  it('still recognises a fixed not-found text even when it contains the user', async () => {
    await client.close();
    client = createLookupClient({ baseUrl: `${ORIGIN}/api/v1`, token: TOKEN, dispatcher: agent });
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/taxauth/xml', method: 'POST' })
      .reply(200, { success: false, message: 'No se encontraron resultados' });
    const odd = { ...credentials, user: 'resultados' };
    await expect(client.invoiceXml(odd, doc)).rejects.toMatchObject({
      kind: 'not_found',
      upstreamMessage: 'No se encontraron resultados',
    });
  });

  it('keeps them out of a network failure after retries', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/taxauth/pdf', method: 'POST' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
      .times(2);
    const error = await client.invoicePdf(credentials, doc).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNRESET' });
    expect(everything(error)).not.toContain(PASSWORD);
    expect(everything(error)).not.toContain(TOKEN);
    expect(logged.match(/"op":"invoicePdf"/g)).toHaveLength(2);
    expect(logged).not.toContain(PASSWORD);
  });

  it('sends the invoice body with the credentials and the issuer as proveedor', async () => {
    let body: unknown;
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/taxauth/xml', method: 'POST' })
      .reply((opts) => {
        body = JSON.parse(String(opts.body));
        return {
          statusCode: 200,
          data: { success: true, message: 'exito', data: { xml_base64: 'UEsFBg==' } },
        };
      });
    await client.invoiceXml(credentials, { ...doc, ruc: '20601234565' });
    expect(body).toEqual({
      ruc: '20123456786',
      usuario: 'CHASQUI1',
      password: PASSWORD,
      proveedor: '20601234565',
      tipo_doc: '01',
      serie: 'F001',
      correlativo: '123',
    });
  });
});

describe('scrub', () => {
  it('replaces every occurrence of each secret, case-insensitively, and leaves the rest', () => {
    expect(scrub('user CHASQUI1 / chasqui1 / pass a.b*c', ['CHASQUI1', 'a.b*c', ''])).toBe(
      'user [redacted] / [redacted] / pass [redacted]',
    );
    expect(scrub('nothing secret here', ['CHASQUI1'])).toBe('nothing secret here');
  });
});
