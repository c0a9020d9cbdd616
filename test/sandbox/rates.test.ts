import { describe, expect, it } from 'vitest';
import { exchangeRateFor, pensionRatesFor, rateOfDay } from '../../src/sandbox/fixtures/index.js';

// 2026-11-23 (Monday) 12:00 in Lima.
const NOON = new Date('2026-11-23T17:00:00Z');

describe('sandbox exchange rates', () => {
  it('fall back from a Sunday to the Saturday before', () => {
    const rate = exchangeRateFor('2026-11-22', NOON, 0);
    expect(rate?.fecha_busqueda).toBe('2026-11-22');
    expect(rate?.fecha_taxauth).toBe('2026-11-21');
    expect(rate?.date).toBe('2026-11-21');
  });

  it('answer a working day with its own rate, aliases equal to the main fields', () => {
    const rate = exchangeRateFor('2026-11-20', NOON, 0);
    expect(rate).toMatchObject({ fecha_taxauth: '2026-11-20', moneda: 'USD' });
    expect(rate?.sale).toBe(rate?.venta);
    expect(rate?.purchase).toBe(rate?.compra);
  });

  it('skip holidays, chaining back over a Sunday when needed', () => {
    const later = new Date('2027-02-01T17:00:00Z');
    expect(exchangeRateFor('2026-12-08', later, 0)?.fecha_taxauth).toBe('2026-12-07');
    expect(exchangeRateFor('2026-12-25', later, 0)?.fecha_taxauth).toBe('2026-12-24');
    // 2027-01-01 is a Friday holiday.
    expect(exchangeRateFor('2027-01-01', later, 0)?.fecha_taxauth).toBe('2026-12-31');
    // 2026-12-09 (holiday) after 2026-12-08 (holiday): back to Monday 7th.
    expect(exchangeRateFor('2026-12-09', later, 0)?.fecha_taxauth).toBe('2026-12-07');
  });

  it('stay between 3.7 and 3.8 soles with three decimals and compra below venta', () => {
    for (let day = 1; day <= 28; day++) {
      const { venta, compra } = rateOfDay(`2026-02-${String(day).padStart(2, '0')}`);
      expect(venta).toBeGreaterThanOrEqual(3.7);
      expect(venta).toBeLessThanOrEqual(3.8);
      expect(compra).toBeLessThan(venta);
      expect(Math.round(venta * 1000) / 1000).toBe(venta);
    }
    expect(rateOfDay('2026-11-20')).toEqual(rateOfDay('2026-11-20'));
  });

  it('fall back for future dates and for today before the publication time', () => {
    expect(exchangeRateFor('2027-05-05', NOON, 0)?.fecha_taxauth).toBe('2026-11-23');
    // Monday 07:59 Lima with publication at 08:00: today's rate is not out yet.
    const early = new Date('2026-11-23T12:59:00Z');
    expect(exchangeRateFor('2026-11-23', early, 8 * 60)?.fecha_taxauth).toBe('2026-11-21');
    expect(exchangeRateFor('2026-11-23', new Date('2026-11-23T13:00:00Z'), 8 * 60)?.fecha_taxauth).toBe(
      '2026-11-23',
    );
  });

  it('reject dates before 2000 and impossible or malformed dates', () => {
    expect(exchangeRateFor('1999-12-31', NOON, 0)).toBeNull();
    expect(exchangeRateFor('2026-02-30', NOON, 0)).toBeNull();
    expect(exchangeRateFor('22/11/2026', NOON, 0)).toBeNull();
  });
});

describe('sandbox pension rates', () => {
  it('return the hand-written periods with the four managers', () => {
    const rates = pensionRatesFor('2026-10', NOON);
    expect(rates?.map((r) => r.afp)).toEqual(['HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO']);
    expect(rates?.[0]?.comision_flujo).toBe(1.47);
    expect(pensionRatesFor('2026-09', NOON)?.[0]?.remunaracion_maxima).toBe(12027.36);
  });

  it('generate any period since 2020 deterministically, and refuse future or early ones', () => {
    const a = pensionRatesFor('2021-03', NOON);
    expect(a).toHaveLength(4);
    expect(a).toEqual(pensionRatesFor('2021-03', NOON));
    expect(pensionRatesFor('2026-11', NOON)).toHaveLength(4);
    expect(pensionRatesFor('2026-12', NOON)).toBeNull();
    expect(pensionRatesFor('2019-12', NOON)).toBeNull();
    expect(pensionRatesFor('2026-13', NOON)).toBeNull();
    expect(pensionRatesFor('2026-1', NOON)).toBeNull();
  });
});
