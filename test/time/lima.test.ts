import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  currentPeriod,
  isBusinessDay,
  limaDate,
  limaInstant,
  limaParts,
  previousBusinessDay,
  previousPeriod,
  toIsoDate,
  weekdayOf,
} from '../../src/time/lima.js';

const originalTz = process.env.TZ;

describe('Lima calendar', () => {
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  for (const tz of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
    it(`reads Lima wall time whatever the server zone (${tz})`, () => {
      process.env.TZ = tz;
      expect(limaParts(new Date('2026-11-23T13:30:00Z'))).toMatchObject({
        date: '2026-11-23',
        hour: 8,
        minute: 30,
        weekday: 1,
      });
      // 02:00Z on Monday is still Sunday evening in Lima.
      expect(limaDate(new Date('2026-11-23T02:00:00Z'))).toBe('2026-11-22');
      expect(limaInstant('2026-11-23', 8, 30).toISOString()).toBe('2026-11-23T13:30:00.000Z');
      expect(limaInstant('2026-11-22', 23, 59).toISOString()).toBe('2026-11-23T04:59:00.000Z');
    });
  }

  it('does calendar arithmetic on plain dates', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('takes the month in Lima, not in UTC, and counts months back across a year', () => {
    // 04:59 UTC on 1 December is still 30 November in Lima.
    expect(currentPeriod(new Date('2026-12-01T04:59:00Z'))).toBe('2026-11');
    expect(currentPeriod(new Date('2026-12-01T05:00:00Z'))).toBe('2026-12');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(previousPeriod('2026-11')).toBe('2026-10');
  });

  it('reads the dates the lookup API writes (a licence expiry) as yyyy-mm-dd', () => {
    expect(toIsoDate('14/03/2032')).toBe('2032-03-14');
    expect(toIsoDate(' 2032-03-14 ')).toBe('2032-03-14');
    expect(toIsoDate('mañana')).toBeUndefined();
    expect(toIsoDate('14/3/2032')).toBeUndefined();
  });
});

describe('business days', () => {
  it('skips weekends and holidays, fixed and configured', () => {
    expect(isBusinessDay('2026-11-20')).toBe(true);
    expect(isBusinessDay('2026-11-21')).toBe(false);
    expect(isBusinessDay('2026-12-08')).toBe(false);
    expect(previousBusinessDay('2026-12-10')).toBe('2026-12-07');
    expect(previousBusinessDay('2026-04-06', new Set(['2026-04-03', '2026-04-02']))).toBe('2026-04-01');
  });
});

describe('limaParts keeps the last second it read', () => {
  it('reads the next instant anew across midnight and gives each caller its own object', () => {
    const before = limaParts(new Date('2026-11-22T04:59:59.999Z'));
    expect(before).toMatchObject({ date: '2026-11-21', hour: 23, minute: 59 });
    before.date = 'changed';
    expect(limaParts(new Date('2026-11-22T04:59:59.001Z')).date).toBe('2026-11-21');
    expect(limaParts(new Date('2026-11-22T05:00:00.000Z'))).toMatchObject({ date: '2026-11-22', hour: 0 });
  });
});
