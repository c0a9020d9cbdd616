import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcrpDay, fetchSbsRates, parseSbsRates } from '../../src/official/bcrp-rates.js';
import { exchangeRateFor, sbsCloseOf } from '../../src/sandbox/fixtures/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

describe('BCRP SBS exchange rate', () => {
  it('parses period names with Spanish months, September as Set', () => {
    expect(bcrpDay('08.Jul.26')).toBe('2026-07-08');
    expect(bcrpDay('1.Set.26')).toBe('2026-09-01');
    expect(bcrpDay('31.Dic.99')).toBe('1999-12-31');
    expect(bcrpDay('Jul.2026')).toBeUndefined();
  });

  it('matches columns by series name, whatever their order, and leaves out n.d. days', () => {
    const payload = {
      config: {
        series: [
          { name: 'Tipo de cambio - TC Sistema bancario SBS (S/ por US$) - Venta', dec: '3' },
          { name: 'Tipo de cambio - TC Sistema bancario SBS (S/ por US$) - Compra', dec: '3' },
        ],
      },
      periods: [
        { name: '09.Jul.26', values: ['3.406', '3.401'] },
        { name: '08.Jul.26', values: ['3.412', '3.405'] },
        { name: '10.Jul.26', values: ['n.d.', 'n.d.'] },
      ],
    };
    expect(parseSbsRates(payload)).toEqual([
      { date: '2026-07-08', buy: 3.405, sell: 3.412 },
      { date: '2026-07-09', buy: 3.401, sell: 3.406 },
    ]);
    expect(parseSbsRates({ periods: [] })).toEqual([]);
  });

  describe('against the sandbox fake', () => {
    // Wednesday 9 December 2026, 10:00 in Lima: closes up to Tuesday 8 (a holiday: n.d.) are out.
    const now = new Date('2026-12-09T15:00:00Z');
    let sandbox: SandboxHandle;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, now: () => now });
    });
    afterAll(async () => {
      await sandbox.close();
    });

    it('dates each value by its SBS closing day: weekdays only, the value SUNAT publishes the day after', async () => {
      const rates = await fetchSbsRates('2026-11-16', '2026-11-22', { origin: sandbox.messagingUrl });
      expect(rates.map((r) => r.date)).toEqual([
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
      ]);
      const { compra, venta } = sbsCloseOf('2026-11-18');
      expect(rates[2]).toEqual({ date: '2026-11-18', buy: compra, sell: venta });
      const sunat = exchangeRateFor('2026-11-19', now, 0);
      expect({ buy: sunat?.compra, sell: sunat?.venta }).toEqual({ buy: compra, sell: venta });
    });

    it('writes a weekday holiday as n.d. (left out) and has no close that is not published yet', async () => {
      const path = `/estadisticas/series/api/PD04639PD-PD04640PD/json/2026-12-04/2026-12-11`;
      const raw = (await (await fetch(`${sandbox.messagingUrl}${path}`)).json()) as {
        periods: { name: string; values: string[] }[];
      };
      expect(raw.periods).toEqual([
        { name: '04.Dic.26', values: expect.any(Array) as unknown },
        { name: '07.Dic.26', values: expect.any(Array) as unknown },
        { name: '08.Dic.26', values: ['n.d.', 'n.d.'] },
      ]);
      const rates = await fetchSbsRates('2026-12-04', '2026-12-11', { origin: sandbox.messagingUrl });
      expect(rates.map((r) => r.date)).toEqual(['2026-12-04', '2026-12-07']);
    });

    it('is also served under the API prefix, logged, and takes injected faults', async () => {
      sandbox.resetRequests();
      const rates = await fetchSbsRates('2026-12-07', '2026-12-07', { origin: sandbox.baseUrl });
      expect(rates).toHaveLength(1);
      expect(sandbox.requestCount('/json/2026-12-07/2026-12-07')).toBe(1);
      sandbox.injectFault({ path: '/estadisticas/*', kind: 'status', status: 503 });
      await expect(fetchSbsRates('2026-12-07', '2026-12-07', { origin: sandbox.baseUrl })).rejects.toThrow(
        /503/,
      );
    });
  });
});
