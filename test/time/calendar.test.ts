import { describe, expect, it } from 'vitest';
import { isNoRateDay, isPeruHoliday, PERU_FIXED_HOLIDAYS } from '../../src/time/lima.js';
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

  it('has no exchange rate of its own on Sunday, Monday and holidays', () => {
    expect(isNoRateDay('2026-11-22')).toBe(true); // Sunday
    expect(isNoRateDay('2026-11-23')).toBe(true); // Monday
    expect(isNoRateDay('2026-12-08')).toBe(true); // Tuesday, Inmaculada Concepción
    expect(isNoRateDay('2026-04-02', new Set(['2026-04-02']))).toBe(true); // Holy Thursday, configured
    for (const date of ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-04-02']) {
      expect(isNoRateDay(date), date).toBe(false);
    }
  });

  it('is the list the sandbox publishes by (one source of truth)', () => {
    expect(HOLIDAYS).toBe(PERU_FIXED_HOLIDAYS);
    expect(PERU_FIXED_HOLIDAYS.size).toBe(14);
  });
});
