import { describe, expect, it } from 'vitest';
import { GRAMMARS } from '../../../src/language/grammars/registry.js';
import { parseScheduleSpec } from '../../../src/scheduler/schedule-spec.js';
import { valueIn } from './helpers.js';

/** The tc command's date slot (a past day, not before the first rate). */
const tcDate = GRAMMARS.date;

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
    expect(valueIn(tcDate, `tc ${form}`)).toBe(date);
    expect(parseScheduleSpec(schedule)).toMatchObject(spec);
  });

  it('reads a bare 8h30 as a time in both: no date for tc, 8:30 for a schedule', () => {
    expect(valueIn(tcDate, 'tc 8h30')).toBeUndefined();
    expect(parseScheduleSpec('8h30')).toMatchObject({ hour: 8, minute: 30 });
  });
});

describe('the last business day in tc dates', () => {
  it('counts the holidays of the context beside the national ones', () => {
    expect(valueIn(tcDate, 'tc el último día hábil')).toBe('2026-11-20');
    expect(valueIn(tcDate, 'tc el último día hábil', { holidays: ['2026-11-20'] })).toBe('2026-11-19');
    expect(valueIn(tcDate, 'tc el último día hábil', { holidays: ['2026-11-20', '2026-11-19'] })).toBe(
      '2026-11-18',
    );
  });
});
