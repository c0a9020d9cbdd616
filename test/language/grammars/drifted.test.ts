import { afterEach, describe, expect, it } from 'vitest';
import { parseDate, useHolidays } from '../../../src/input/dates.js';
import { parseScheduleSpec } from '../../../src/scheduler/schedule-spec.js';
import { NOW } from './helpers.js';

/**
 * Issue 18: the words of dates (tc) and of schedules (programar) had drifted apart. Each form is
 * read once, by the shared grammars, and means the same in both.
 */
describe('the drifted forms read the same in a date and in a schedule', () => {
  it.each([
    // form, as a tc date, in a schedule, as a schedule
    ['3 d noviembre', '2026-11-03', 'el 3 d cada mes a las 8', { kind: 'monthly', dayOfMonth: 3, hour: 8 }],
    ['el mier', '2026-11-18', 'el mier a las 8', { kind: 'weekly', days: [3], hour: 8 }],
    ['el 1ra de noviembre', '2026-11-01', 'el 1ra de cada mes a las 8', { kind: 'monthly', dayOfMonth: 1 }],
    ['ayer 8h30', '2026-11-21', 'todos los días 8h30', { kind: 'weekly', hour: 8, minute: 30 }],
  ])('%j: tc %s; schedule %j', (form, date, schedule, spec) => {
    expect(parseDate(form, NOW)).toBe(date);
    expect(parseScheduleSpec(schedule)).toMatchObject(spec);
  });

  it('reads a bare 8h30 as a time in both: no date for tc, 8:30 for a schedule', () => {
    expect(() => parseDate('8h30', NOW)).toThrow(expect.objectContaining({ identifier: 'invalid-date' }));
    expect(parseScheduleSpec('8h30')).toMatchObject({ hour: 8, minute: 30 });
  });
});

describe('the last business day in tc dates', () => {
  afterEach(() => useHolidays([]));

  it('counts the configured holidays beside the national ones', () => {
    expect(parseDate('el último día hábil', NOW)).toBe('2026-11-20');
    expect(parseDate('el último día hábil', NOW, ['2026-11-20'])).toBe('2026-11-19');
    useHolidays(['2026-11-20', '2026-11-19']);
    expect(parseDate('el último día hábil', NOW)).toBe('2026-11-18');
  });
});
