import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeScheduleSpec,
  formatScheduleSpec,
  nextOccurrence,
  occursOn,
  parseScheduleSpec,
  type ScheduleSpec,
  ScheduleSpecError,
} from '../../src/scheduler/schedule-spec.js';

function problemOf(text: string): { problem: string; token: string } {
  try {
    parseScheduleSpec(text);
  } catch (error) {
    if (error instanceof ScheduleSpecError) return { problem: error.problem, token: error.token };
    throw error;
  }
  throw new Error(`"${text}" was accepted`);
}

describe('parseScheduleSpec', () => {
  it('defaults a bare time to Monday–Saturday', () => {
    expect(parseScheduleSpec('08:30')).toEqual({
      kind: 'weekly',
      hour: 8,
      minute: 30,
      days: [1, 2, 3, 4, 5, 6],
    });
    expect(parseScheduleSpec('8:05')).toEqual({
      kind: 'weekly',
      hour: 8,
      minute: 5,
      days: [1, 2, 3, 4, 5, 6],
    });
  });

  it('reads "todos" (and "todos los días") as every day, Sunday included', () => {
    expect(parseScheduleSpec('08:30 todos')).toMatchObject({ days: [1, 2, 3, 4, 5, 6, 0] });
    expect(parseScheduleSpec('08:30 todos los días')).toMatchObject({ days: [1, 2, 3, 4, 5, 6, 0] });
    expect(parseScheduleSpec('TODOS 07:00')).toMatchObject({ hour: 7, days: [1, 2, 3, 4, 5, 6, 0] });
  });

  it('reads day names, abbreviations, ranges and lists, with or without accents', () => {
    expect(parseScheduleSpec('07:45 lun-vie')).toMatchObject({ days: [1, 2, 3, 4, 5] });
    expect(parseScheduleSpec('07:45 lunes a viernes')).toMatchObject({ days: [1, 2, 3, 4, 5] });
    expect(parseScheduleSpec('07:45 lun,mié,vie')).toMatchObject({ days: [1, 3, 5] });
    expect(parseScheduleSpec('07:45 sábado domingo')).toMatchObject({ days: [6, 0] });
  });

  it('reads a monthly spec "dia N HH:MM"', () => {
    expect(parseScheduleSpec('dia 1 09:00')).toEqual({ kind: 'monthly', hour: 9, minute: 0, dayOfMonth: 1 });
    expect(parseScheduleSpec('Día 15 18:30')).toEqual({
      kind: 'monthly',
      hour: 18,
      minute: 30,
      dayOfMonth: 15,
    });
  });

  it('rejects impossible or malformed times, naming the token', () => {
    expect(problemOf('25:00')).toEqual({ problem: 'bad-time', token: '25:00' });
    expect(problemOf('8:7x')).toEqual({ problem: 'bad-time', token: '8:7x' });
    expect(problemOf('08:60')).toEqual({ problem: 'bad-time', token: '08:60' });
    expect(problemOf('0830')).toEqual({ problem: 'bad-time', token: '0830' });
    expect(problemOf('08:30 09:30').problem).toBe('bad-time');
  });

  it('rejects a missing time', () => {
    expect(problemOf('').problem).toBe('missing-time');
    expect(problemOf('todos').problem).toBe('missing-time');
  });

  it('rejects unknown days, backwards ranges and days mixed with a monthly spec', () => {
    expect(problemOf('08:30 feriados')).toEqual({ problem: 'bad-days', token: 'feriados' });
    expect(problemOf('08:30 vie-lun').problem).toBe('bad-days');
    expect(problemOf('dia 1 09:00 lun').problem).toBe('bad-days');
  });

  it('rejects days of month outside 1–31', () => {
    expect(problemOf('dia 32 09:00')).toEqual({ problem: 'bad-day-of-month', token: '32' });
    expect(problemOf('dia 0 09:00').problem).toBe('bad-day-of-month');
    expect(problemOf('dia x 09:00').problem).toBe('bad-day-of-month');
  });
});

describe('formatScheduleSpec', () => {
  it('writes the canonical text admins would type', () => {
    expect(formatScheduleSpec(parseScheduleSpec('8:30'))).toBe('08:30');
    expect(formatScheduleSpec(parseScheduleSpec('08:30 todos los dias'))).toBe('08:30 todos');
    expect(formatScheduleSpec(parseScheduleSpec('07:00 lunes a viernes'))).toBe('07:00 lun-vie');
    expect(formatScheduleSpec(parseScheduleSpec('07:00 dom,lun,mie'))).toBe('07:00 lun,mié,dom');
    expect(formatScheduleSpec(parseScheduleSpec('dia 1 9:00'))).toBe('dia 1 09:00');
  });

  it('round-trips every spec through its text', () => {
    const weekly = fc.record({
      kind: fc.constant('weekly' as const),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      days: fc
        .subarray([1, 2, 3, 4, 5, 6, 0] as const, { minLength: 1 })
        .map((days) => days as ScheduleSpec extends { days: infer D } ? D : never),
    });
    const monthly = fc.record({
      kind: fc.constant('monthly' as const),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      dayOfMonth: fc.integer({ min: 1, max: 31 }),
    });
    fc.assert(
      fc.property(fc.oneof(weekly, monthly), (spec: ScheduleSpec) => {
        const text = formatScheduleSpec(spec);
        expect(parseScheduleSpec(text)).toEqual(spec);
      }),
    );
  });

  it('never throws anything but ScheduleSpecError on hostile input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        try {
          parseScheduleSpec(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ScheduleSpecError);
        }
      }),
    );
  });
});

describe('describeScheduleSpec', () => {
  it('gives templates the pieces to word the schedule', () => {
    expect(describeScheduleSpec(parseScheduleSpec('08:30'))).toMatchObject({
      kind: 'weekly',
      time: '08:30',
      defaultDays: true,
      everyDay: false,
    });
    expect(describeScheduleSpec(parseScheduleSpec('07:00 lun,mie'))).toMatchObject({
      days: ['lunes', 'miércoles'],
    });
    expect(describeScheduleSpec(parseScheduleSpec('dia 1 09:00'))).toMatchObject({
      kind: 'monthly',
      dayOfMonth: 1,
    });
  });
});

describe('occurrences', () => {
  it('fires Monday–Saturday by default and not on Sunday', () => {
    const spec = parseScheduleSpec('08:30');
    expect(occursOn(spec, '2026-11-21')).toBe(true); // Saturday
    expect(occursOn(spec, '2026-11-22')).toBe(false); // Sunday
    expect(occursOn(spec, '2026-11-23')).toBe(true); // Monday
  });

  it('fires day 31 on the last day of shorter months', () => {
    const spec = parseScheduleSpec('dia 31 09:00');
    expect(occursOn(spec, '2026-02-28')).toBe(true);
    expect(occursOn(spec, '2026-11-30')).toBe(true);
    expect(occursOn(spec, '2026-12-30')).toBe(false);
    expect(occursOn(spec, '2026-12-31')).toBe(true);
  });

  it('finds the next firing in Lima time, skipping Sunday', () => {
    const spec = parseScheduleSpec('08:30');
    // Saturday 2026-11-21 09:00 Lima → next is Monday 08:30 Lima = 13:30Z.
    expect(nextOccurrence(spec, new Date('2026-11-21T14:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T13:30:00.000Z',
    );
    expect(
      nextOccurrence(parseScheduleSpec('dia 1 09:00'), new Date('2026-11-21T14:00:00Z'))?.toISOString(),
    ).toBe('2026-12-01T14:00:00.000Z');
  });
});
