import { describe, expect, it } from 'vitest';
import { exchangeRateFor, pensionRatesFor, sbsCloseOf } from '../../src/sandbox/fixtures/index.js';
import { addDays, sunatRateOf } from '../../src/time/lima.js';

// 2026-11-23 (Monday) 12:00 in Lima.
const NOON = new Date('2026-11-23T17:00:00Z');

describe('sandbox exchange rates', () => {
  it('fall back from a Sunday to the Saturday before', () => {
    const rate = exchangeRateFor('2026-11-22', NOON, 0);
    expect(rate?.fecha_busqueda).toBe('2026-11-22');
    expect(rate?.fecha_taxauth).toBe('2026-11-21');
    expect(rate?.date).toBe('2026-11-21');
  });

  it('answer a working day with its own rate (the close of the day before), aliases equal to the main fields', () => {
    const rate = exchangeRateFor('2026-11-20', NOON, 0);
    expect(rate).toMatchObject({ fecha_taxauth: '2026-11-20', moneda: 'USD', ...sbsCloseOf('2026-11-19') });
    expect(rate?.sale).toBe(rate?.venta);
    expect(rate?.purchase).toBe(rate?.compra);
  });

  it('publish on a holiday after a business day, and nothing the day after a holiday', () => {
    const later = new Date('2027-02-01T17:00:00Z');
    const used = (fecha: string) => exchangeRateFor(fecha, later, 0)?.fecha_taxauth;
    // Tuesday 8 December 2026 (holiday): Monday 7's close, published on the holiday itself.
    expect(used('2026-12-08')).toBe('2026-12-08');
    // Wednesday 9 (holiday) and Thursday 10 follow a day without a close: the 8th's applies.
    expect(used('2026-12-09')).toBe('2026-12-08');
    expect(used('2026-12-10')).toBe('2026-12-08');
    expect(used('2026-12-11')).toBe('2026-12-11');
    // Friday 25 December: Thursday 24's close; Saturday 26 and Monday 28 repeat it.
    expect(used('2026-12-25')).toBe('2026-12-25');
    expect(used('2026-12-26')).toBe('2026-12-25');
    expect(used('2026-12-28')).toBe('2026-12-25');
    expect(used('2027-01-01')).toBe('2027-01-01');
    // Monday repeats Saturday's (Friday's close).
    expect(exchangeRateFor('2026-11-23', later, 0)).toMatchObject({
      fecha_taxauth: '2026-11-21',
      ...sbsCloseOf('2026-11-20'),
    });
  });

  it('are the SBS close of the latest business day before the date, on every day of a year', () => {
    const later = new Date('2027-02-01T17:00:00Z');
    for (let date = '2026-01-01'; date <= '2026-12-31'; date = addDays(date, 1)) {
      const { close, published } = sunatRateOf(date);
      expect(exchangeRateFor(date, later, 0), date).toMatchObject({
        fecha_taxauth: published,
        ...sbsCloseOf(close),
      });
    }
  });

  it('stay between 3.7 and 3.8 soles with three decimals and compra below venta', () => {
    for (let day = 1; day <= 28; day++) {
      const { venta, compra } = sbsCloseOf(`2026-02-${String(day).padStart(2, '0')}`);
      expect(venta).toBeGreaterThanOrEqual(3.7);
      expect(venta).toBeLessThanOrEqual(3.8);
      expect(compra).toBeLessThan(venta);
      expect(Math.round(venta * 1000) / 1000).toBe(venta);
    }
    expect(sbsCloseOf('2026-11-20')).toEqual(sbsCloseOf('2026-11-20'));
  });

  it('fall back for future dates and for today before the publication time', () => {
    expect(exchangeRateFor('2027-05-05', NOON, 0)?.fecha_taxauth).toBe('2026-11-21');
    // Tuesday 07:59 Lima with publication at 08:00: today's rate is not out yet.
    const early = new Date('2026-11-24T12:59:00Z');
    expect(exchangeRateFor('2026-11-24', early, 8 * 60)?.fecha_taxauth).toBe('2026-11-21');
    expect(exchangeRateFor('2026-11-24', new Date('2026-11-24T13:00:00Z'), 8 * 60)?.fecha_taxauth).toBe(
      '2026-11-24',
    );
  });

  it('reject dates before 2000 and impossible or malformed dates', () => {
    expect(exchangeRateFor('1999-12-31', NOON, 0)).toBeNull();
    expect(exchangeRateFor('2026-02-30', NOON, 0)).toBeNull();
    expect(exchangeRateFor('22/11/2026', NOON, 0)).toBeNull();
    expect(exchangeRateFor('2000-01-03', NOON, 0)?.fecha_taxauth).toBe('2000-01-01');
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
