import { describe, expect, it } from 'vitest';
import { parseDate, parsePeriod, toIsoDate } from '../../src/input/dates.js';
import { addDays, currentPeriod, limaDate, previousPeriod } from '../../src/time/lima.js';
import { expectUserError } from './user-error.js';

// 2026-11-22 02:30 UTC is still 2026-11-21 21:30 in Lima (UTC-5).
const lateEvening = new Date('2026-11-22T02:30:00Z');
const morning = new Date('2026-11-22T15:00:00Z');

describe('Lima dates', () => {
  it('uses the Lima calendar day whatever the UTC day', () => {
    expect(limaDate(lateEvening)).toBe('2026-11-21');
    expect(limaDate(morning)).toBe('2026-11-22');
    expect(addDays(limaDate(lateEvening), -1)).toBe('2026-11-20');
    expect(currentPeriod(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
  });

  it('does calendar arithmetic across months and leap years', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(previousPeriod('2026-11')).toBe('2026-10');
    expect(toIsoDate('14/03/2032')).toBe('2032-03-14');
    expect(toIsoDate('2032-03-14')).toBe('2032-03-14');
    expect(toIsoDate('mañana')).toBeUndefined();
  });
});

describe('parseDate', () => {
  it.each([
    ['', '2026-11-22'],
    ['hoy', '2026-11-22'],
    ['Ayer', '2026-11-21'],
    ['anteayer', '2026-11-20'],
    ['de ayer', '2026-11-21'],
    ['2026-11-20', '2026-11-20'],
    ['20/11/2026', '2026-11-20'],
    ['1/2/2026', '2026-02-01'],
    ['20-11-2026', '2026-11-20'],
    ['20/11/26', '2026-11-20'],
    ['2000-01-03', '2000-01-03'],
    ['20/11', '2026-11-20'],
    ['1-2', '2026-02-01'],
  ])('%j → %s', (raw, iso) => {
    expect(parseDate(raw, morning)).toBe(iso);
  });

  it('takes "today" in Lima, not in UTC', () => {
    expect(parseDate('hoy', lateEvening)).toBe('2026-11-21');
    expectUserError(() => parseDate('2026-11-22', lateEvening), 'date-future', {
      valor: '22/11/2026',
      hoy: '21/11/2026',
    });
  });

  it('rejects impossible, future, too old and unreadable dates', () => {
    expectUserError(() => parseDate('2026-02-30', morning), 'invalid-date', { valor: '2026-02-30' });
    expectUserError(() => parseDate('31/11/2026', morning), 'invalid-date');
    expectUserError(() => parseDate('2026-13-01', morning), 'invalid-date');
    // Issue 11: `mañana` is a clear request for a day that has not come yet.
    expectUserError(() => parseDate('mañana', morning), 'date-future');
    expectUserError(() => parseDate('pronto', morning), 'invalid-date');
    expectUserError(() => parseDate('2026-11-23', morning), 'date-future');
    expectUserError(() => parseDate('31/12/1999', morning), 'date-too-old', { minimo: '03/01/2000' });
  });

  it('starts at the first day with its own rate, so no answer is dated before the minimum', () => {
    // 2000-01-01 is a holiday and 2000-01-02 a Sunday: the API would answer with 31/12/1999.
    expectUserError(() => parseDate('01/01/2000', morning), 'date-too-old', {
      valor: '01/01/2000',
      minimo: '03/01/2000',
    });
    expectUserError(() => parseDate('2000-01-02', morning), 'date-too-old');
  });

  it('reads a day and month without a year as this year in Lima, refusing it when still ahead', () => {
    expect(parseDate('22/11', morning)).toBe('2026-11-22');
    expectUserError(() => parseDate('23/11', morning), 'date-future', {
      valor: '23/11/2026',
      hoy: '22/11/2026',
    });
    expectUserError(() => parseDate('31/02', morning), 'invalid-date');
  });
});

describe('parsePeriod', () => {
  it.each([
    ['', '2026-11'],
    ['2026-10', '2026-10'],
    ['10/2026', '2026-10'],
    ['1/2026', '2026-01'],
    ['2026/09', '2026-09'],
    ['periodo 10-2026', '2026-10'],
    ['10', '2026-10'],
    ['1', '2026-01'],
    ['11', '2026-11'],
  ])('%j → %s', (raw, period) => {
    expect(parsePeriod(raw, morning)).toBe(period);
  });

  it('defaults to the current Lima month at a month boundary', () => {
    expect(parsePeriod('', new Date('2026-12-01T04:59:00Z'))).toBe('2026-11');
  });

  it('rejects bad months, future and too old periods', () => {
    expectUserError(() => parsePeriod('2026-13', morning), 'invalid-period', { valor: '2026-13' });
    expectUserError(() => parsePeriod('00/2026', morning), 'invalid-period');
    // Issue 11: month names are periods (`octubre` = this year's October); other words are not.
    expect(parsePeriod('octubre', morning)).toBe('2026-10');
    expectUserError(() => parsePeriod('octubrazo', morning), 'invalid-period');
    expectUserError(() => parsePeriod('2026-12', morning), 'period-future', {
      valor: '12/2026',
      actual: '11/2026',
    });
    expectUserError(() => parsePeriod('12/1999', morning), 'period-too-old');
  });

  it('refuses a bare month still ahead this year, and months outside 1–12', () => {
    expectUserError(() => parsePeriod('12', morning), 'period-future', {
      valor: '12/2026',
      actual: '11/2026',
    });
    expectUserError(() => parsePeriod('13', morning), 'invalid-period');
    expectUserError(() => parsePeriod('0', morning), 'invalid-period');
  });
});
