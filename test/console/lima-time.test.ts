import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLima } from '../../src/console/render.js';

/** What the console wrote before it read Lima's fields by arithmetic (issue 22): es-PE's Intl format. */
const intl = new Intl.DateTimeFormat('es-PE', {
  timeZone: 'America/Lima',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

describe('console times', () => {
  it('writes Lima midnight as 00:mm, never 24:mm', () => {
    expect(formatLima(new Date('2026-11-29T05:51:00Z'))).toBe('29/11/2026, 00:51');
    expect(formatLima(new Date('2026-11-29T04:59:00Z'))).toBe('28/11/2026, 23:59');
  });

  it('writes any instant as es-PE Intl does in Lima time', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(formatLima(ms)).toBe(intl.format(new Date(ms)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes nothing for what is no time', () => {
    expect(formatLima(undefined)).toBe('');
    expect(formatLima('2026-11-29')).toBe('');
    expect(formatLima(Number.NaN)).toBe('');
  });
});
