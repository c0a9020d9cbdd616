import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcrpDay, fetchSbsRates, parseSbsRates } from '../../src/official/bcrp-rates.js';
import { rateOfDay } from '../../src/sandbox/fixtures/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

describe('BCRP SBS exchange rate', () => {
  it('parses period names with Spanish months, September as Set', () => {
    expect(bcrpDay('08.Jul.26')).toBe('2026-07-08');
    expect(bcrpDay('1.Set.26')).toBe('2026-09-01');
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
    let sandbox: SandboxHandle;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0 });
    });
    afterAll(async () => {
      await sandbox.close();
    });

    it('fetches a week: published days only, with the sandbox tipo_de_cambio rates', async () => {
      const rates = await fetchSbsRates('2026-11-16', '2026-11-22', { origin: sandbox.messagingUrl });
      expect(rates.map((r) => r.date)).toEqual([
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
        '2026-11-21',
      ]);
      const { compra, venta } = rateOfDay('2026-11-18');
      expect(rates[2]).toEqual({ date: '2026-11-18', buy: compra, sell: venta });
    });
  });
});
