import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

/** The sandbox-only way to change a taxpayer over time (watch-list tests, trying `vigilar`). */
describe('sandbox taxpayer overrides', () => {
  const sandbox = useSandbox({ port: 0 });
  const post = (path: string, body: unknown, token = sandbox.token) =>
    fetch(`${path.startsWith('/__') ? sandbox.messagingUrl : sandbox.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('changes a fixture through the admin route, without logging it as an API request', async () => {
    const change = await post('/__sandbox/taxpayer', {
      ruc: '20601234565',
      taxpayer: { condicion: 'NO HABIDO' },
    });
    expect(change.status).toBe(200);
    expect(sandbox.requestCount()).toBe(0);
    const answer = (await (await post('/ruc', { ruc: '20601234565' })).json()) as {
      data: Record<string, string>;
    };
    expect(answer.data.condicion).toBe('NO HABIDO');
    expect(answer.data.nombre_o_razon_social).toBe('DISTRIBUIDORA LOS ALAMOS E.I.R.L.');
  });

  it('refuses a wrong token or a bad body', async () => {
    expect((await post('/__sandbox/taxpayer', { ruc: '20601234565', taxpayer: {} }, 'nope')).status).toBe(
      401,
    );
    expect((await post('/__sandbox/taxpayer', { ruc: '123' })).status).toBe(400);
  });

  it('invents a record for an unknown RUC, with no debt, and clears overrides', async () => {
    sandbox.setTaxpayer('20609876540', { estado: 'SUSPENSION TEMPORAL' });
    const ruc = (await (await post('/ruc', { ruc: '20609876540' })).json()) as {
      data: Record<string, string>;
    };
    expect(ruc.data.estado).toBe('SUSPENSION TEMPORAL');
    const debt = (await (await post('/ruc/deuda-coactiva', { ruc: '20609876540' })).json()) as {
      data: unknown[];
    };
    expect(debt.data).toEqual([]);
    sandbox.clearOverrides();
    expect((await post('/ruc', { ruc: '20609876540' })).status).toBe(404);
  });
});
