import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fecha,
  fechahora,
  limitList,
  mes,
  numero,
  pct,
  periodo,
  remaining,
  soles,
  tasa,
  tidy,
  toNumber,
} from '../../src/render/format.js';

describe('numbers (es-PE: comma thousands, dot decimals)', () => {
  it('formats soles', () => {
    expect(soles(1234.5)).toBe('S/ 1,234.50');
    expect(soles('15230.50')).toBe('S/ 15,230.50');
    expect(soles('912.35')).toBe('S/ 912.35');
    expect(soles(0)).toBe('S/ 0.00');
    expect(soles(1234567.891)).toBe('S/ 1,234,567.89');
    expect(soles(-5)).toBe('-S/ 5.00');
    expect(soles('')).toBe('');
    expect(soles(null)).toBe('');
    expect(soles('n/d')).toBe('n/d');
  });

  it('matches Intl es-PE currency output (ICU uses a no-break space after S/)', () => {
    const intl = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const value = cents / 100;
        expect(soles(value)).toBe(intl.format(value).replace(/\u00a0/g, ' '));
      }),
      { numRuns: 500 },
    );
  });

  it('reads upstream numeric text, including the space thousands separator of workers', () => {
    expect(toNumber('1 234')).toBe(1234);
    expect(toNumber('1,234.50')).toBe(1234.5);
    expect(toNumber('12a')).toBeUndefined();
    expect(numero('1 234')).toBe('1,234');
    expect(numero('987')).toBe('987');
    expect(numero(1234567)).toBe('1,234,567');
    expect(numero('0')).toBe('0');
    expect(numero(undefined)).toBe('');
  });

  it('matches Intl es-PE grouping for integers', () => {
    const intl = new Intl.NumberFormat('es-PE');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(numero(n)).toBe(intl.format(n));
      }),
      { numRuns: 500 },
    );
  });

  it('formats exchange rates with 3 decimals and percentages with 2', () => {
    expect(tasa(3.7)).toBe('3.700');
    expect(tasa(3.7456)).toBe('3.746');
    expect(pct(1.47)).toBe('1.47%');
    expect(pct(10)).toBe('10.00%');
    expect(pct(0)).toBe('0.00%');
  });
});

describe('dates', () => {
  it('shows dd/mm/yyyy from ISO dates, timestamps, compact dates and dd/MM/yyyy', () => {
    expect(fecha('2026-11-20')).toBe('20/11/2026');
    expect(fecha('2026-11-20T08:30:00')).toBe('20/11/2026');
    expect(fecha('20261120')).toBe('20/11/2026');
    expect(fecha('14/03/2032')).toBe('14/03/2032');
    expect(fecha('')).toBe('');
    expect(fecha(new Date('2026-11-22T02:30:00Z'))).toBe('21/11/2026');
  });

  it('shows date and time, in Lima for Date values', () => {
    expect(fechahora('2026-11-20T08:30:15')).toBe('20/11/2026 08:30');
    expect(fechahora('2026-11-20')).toBe('20/11/2026');
    expect(fechahora(new Date('2026-11-22T02:30:00Z'))).toBe('21/11/2026 21:30');
    expect(fechahora(null)).toBe('');
  });

  it('shows tax periods as mm/yyyy and months by name', () => {
    expect(periodo('2025 - 11')).toBe('11/2025');
    expect(periodo('2026-07')).toBe('07/2026');
    expect(periodo('raro')).toBe('raro');
    expect(mes('2026-09')).toBe('setiembre 2026');
    expect(mes(new Date('2026-12-01T03:00:00Z'))).toBe('noviembre 2026');
  });
});

describe('lists and layout', () => {
  it('cuts lists and counts the rest', () => {
    expect(limitList([1, 2, 3, 4], 2)).toEqual([1, 2]);
    expect(remaining([1, 2, 3, 4], 2)).toBe(2);
    expect(remaining([1], 5)).toBe(0);
    expect(limitList('x', 3)).toEqual([]);
  });

  it('removes trailing spaces and blank-line runs', () => {
    expect(tidy('\n\n*a*  \n\n\n\nb \t\n\n')).toBe('*a*\n\nb');
  });
});
