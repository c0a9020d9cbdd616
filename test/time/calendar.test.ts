import { describe, expect, it } from 'vitest';
import { isNoRateDay, isPeruHoliday, PERU_FIXED_HOLIDAYS, sunatRateOf } from '../../src/time/lima.js';

const pad = (n: number) => String(n).padStart(2, '0');
import { HOLIDAYS } from '../../src/sandbox/fixtures/calendar.js';

describe('Peruvian calendar', () => {
  it('knows the fixed-date national holidays of any year', () => {
    for (const date of ['2026-01-01', '2026-07-28', '2026-07-29', '2027-08-30', '2026-12-08', '2026-12-25']) {
      expect(isPeruHoliday(date), date).toBe(true);
    }
    for (const date of ['2026-07-27', '2026-12-24', '2026-04-02']) {
      expect(isPeruHoliday(date), date).toBe(false);
    }
  });

  it('adds the configured movable holidays by full date only', () => {
    const extra = new Set(['2026-04-02', '2026-04-03']);
    expect(isPeruHoliday('2026-04-02', extra)).toBe(true);
    expect(isPeruHoliday('2027-04-02', extra)).toBe(false);
  });

  it('has no exchange rate of its own the day after a day without an SBS close', () => {
    expect(isNoRateDay('2026-11-22')).toBe(true); // Sunday
    expect(isNoRateDay('2026-11-23')).toBe(true); // Monday
    expect(isNoRateDay('2026-12-09')).toBe(true); // Wednesday holiday after the Tuesday holiday
    expect(isNoRateDay('2026-12-10')).toBe(true); // Thursday after a holiday
    expect(isNoRateDay('2026-04-03', new Set(['2026-04-02']))).toBe(true); // after Holy Thursday, configured
    // Tuesday 8 December 2026 (Inmaculada Concepción) follows a business day: SUNAT publishes then.
    for (const date of ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-12-08']) {
      expect(isNoRateDay(date), date).toBe(false);
    }
  });

  it('maps a day to the SBS close SUNAT’s rate repeats and the day SUNAT published it', () => {
    expect(sunatRateOf('2026-11-20')).toEqual({ close: '2026-11-19', published: '2026-11-20' });
    // Saturday, Sunday and Monday: Friday's close, published Saturday.
    for (const date of ['2026-11-21', '2026-11-22', '2026-11-23']) {
      expect(sunatRateOf(date), date).toEqual({ close: '2026-11-20', published: '2026-11-21' });
    }
    expect(sunatRateOf('2026-11-24')).toEqual({ close: '2026-11-23', published: '2026-11-24' });
    // Around the holidays of 8 and 9 December 2026 (Tuesday, Wednesday).
    expect(sunatRateOf('2026-12-08')).toEqual({ close: '2026-12-07', published: '2026-12-08' });
    expect(sunatRateOf('2026-12-09')).toEqual({ close: '2026-12-07', published: '2026-12-08' });
    expect(sunatRateOf('2026-12-10')).toEqual({ close: '2026-12-07', published: '2026-12-08' });
    expect(sunatRateOf('2026-12-11')).toEqual({ close: '2026-12-10', published: '2026-12-11' });
    // A configured holiday (Holy Thursday, Good Friday 2026) counts like a fixed one.
    const easter = new Set(['2026-04-02', '2026-04-03']);
    expect(sunatRateOf('2026-04-02', easter)).toEqual({ close: '2026-04-01', published: '2026-04-02' });
    expect(sunatRateOf('2026-04-06', easter)).toEqual({ close: '2026-04-01', published: '2026-04-02' });
    expect(sunatRateOf('2026-04-07', easter)).toEqual({ close: '2026-04-06', published: '2026-04-07' });
  });

  it('agrees with SUNAT’s published tables (which days have a rate of their own)', () => {
    // SUNAT's table of July 2021 listed only the days with a publication (28 and 29 July are
    // holidays; the 28th is listed, the 29th and 30th are not).
    const listed2021 = [1, 2, 3, 6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 20, 21, 22, 23, 24, 27, 28, 31];
    // SUNAT's table of July 2023 lists every day; these are the days whose rate differs from the
    // day before (28 July, a Friday holiday, has a new one; the 29th, a Saturday holiday, repeats it).
    const new2023 = [4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 25, 26, 27, 28];
    const own = (month: string) =>
      Array.from({ length: 31 }, (_, i) => i + 1).filter((day) => !isNoRateDay(`${month}-${pad(day)}`));
    // 23 July (Fuerza Aérea) became a holiday only in 2023: in 2021 the 24th had its own rate.
    expect(own('2021-07')).toEqual(listed2021.filter((day) => day !== 24));
    expect(own('2023-07').filter((day) => day > 1)).toEqual(new2023);
  });

  it('is the list the sandbox publishes by (one source of truth)', () => {
    expect(HOLIDAYS).toBe(PERU_FIXED_HOLIDAYS);
    expect(PERU_FIXED_HOLIDAYS.size).toBe(14);
  });
});
