import fc from 'fast-check';
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

describe('Lima wall time by arithmetic since 1994 equals Intl for America/Lima', () => {
  /** The IANA zone's own reading, as lima.ts computed every instant before (and still before 1994). */
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Lima',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  function intlParts(at: Date) {
    const f = Object.fromEntries(zone.formatToParts(at).map((part) => [part.type, part.value]));
    const [year, month, day] = [Number(f.year), Number(f.month), Number(f.day)];
    return {
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      year,
      month,
      day,
      hour: Number(f.hour),
      minute: Number(f.minute),
      weekday: WEEKDAYS.indexOf(f.weekday ?? ''),
    };
  }

  it('agrees at every instant from 1900 to 2200, and around the end of the 1994 summer time', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (at) => {
          expect(limaParts(at)).toEqual(intlParts(at));
        },
      ),
      { numRuns: 5_000 },
    );
    const end = Date.UTC(1994, 3, 1, 4); // 1994-04-01 04:00 UTC: 23:00 on 31 March again, UTC−5 since
    for (let minute = -90; minute <= 90; minute++) {
      const at = new Date(end + minute * 60_000);
      expect(limaParts(at), at.toISOString()).toEqual(intlParts(at));
    }
    expect(limaParts(new Date(end - 60_000))).toMatchObject({ date: '1994-03-31', hour: 23, minute: 59 });
    expect(limaParts(new Date(end))).toMatchObject({ date: '1994-03-31', hour: 23, minute: 0 });
  });

  it('still refuses an invalid date as Intl does', () => {
    expect(() => limaParts(new Date(Number.NaN))).toThrow(RangeError);
  });
});
