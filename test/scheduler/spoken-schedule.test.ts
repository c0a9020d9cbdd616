import { describe, expect, it } from 'vitest';
import { parseScheduleSpec, ScheduleSpecError } from '../../src/scheduler/schedule-spec.js';

const ALL = [1, 2, 3, 4, 5, 6, 0];
const MON_FRI = [1, 2, 3, 4, 5];
const MON_SAT = [1, 2, 3, 4, 5, 6];

function weekly(hour: number, minute: number, days: number[] = MON_SAT) {
  return { kind: 'weekly', hour, minute, days };
}
function monthly(dayOfMonth: number, hour: number, minute = 0) {
  return { kind: 'monthly', hour, minute, dayOfMonth };
}
function problemOf(text: string): { problem: string; token: string } {
  try {
    parseScheduleSpec(text);
  } catch (error) {
    if (error instanceof ScheduleSpecError) return { problem: error.problem, token: error.token };
    throw error;
  }
  throw new Error(`"${text}" was accepted`);
}

describe('parseScheduleSpec: times as people say them', () => {
  it.each([
    ['a las 7', 7, 0],
    ['7 y media', 7, 30],
    ['a las 9 y cuarto', 9, 15],
    ['6 y 50', 6, 50],
    ['9 menos cuarto', 8, 45],
    ['a las siete y media', 7, 30],
    ['a las nueve y cuarenta y cinco', 9, 45],
    ['siete de la mañana', 7, 0],
    ['7:15 de la mañana', 7, 15],
    ['7 en punto', 7, 0],
    ['a la una de la tarde', 13, 0],
    ['5 de la tarde', 17, 0],
    ['10 de la noche', 22, 0],
    ['12 de la noche', 0, 0],
    ['mediodía', 12, 0],
    ['a medianoche', 0, 0],
    ['7:15hrs', 7, 15],
    ['7:15h', 7, 15],
    ['19 horas', 19, 0],
    ['7 a. m.', 7, 0],
    ['7 p. m.', 19, 0],
    ['7.15pm', 19, 15],
    ['10am', 10, 0],
    ['para las 7:10', 7, 10],
    ['a eso de las 7', 7, 0],
  ])('%j → %i:%i', (text, hour, minute) => {
    expect(parseScheduleSpec(text)).toEqual(weekly(hour, minute));
  });

  it('keeps a bare hour in the morning (a business posts the rate early)', () => {
    expect(parseScheduleSpec('a las 3')).toMatchObject({ hour: 3 });
    expect(parseScheduleSpec('3 de la tarde')).toMatchObject({ hour: 15 });
    expect(parseScheduleSpec('3 pm')).toMatchObject({ hour: 15 });
  });

  it('refuses impossible times and two times', () => {
    expect(problemOf('a las 24')).toEqual({ problem: 'bad-time', token: '24' });
    expect(problemOf('7:15 y 8:15').problem).toBe('bad-time');
    expect(problemOf('15 pm').problem).toBe('bad-time');
    expect(problemOf('20 de la mañana').problem).toBe('bad-time');
    expect(problemOf('a las 7 a las 8').problem).toBe('bad-time');
  });
});

describe('parseScheduleSpec: days as a small grammar', () => {
  it.each([
    ['todos los días a las 7', ALL],
    ['a las 7 diariamente', ALL],
    ['cada día 7:00', ALL],
    ['todas las mañanas a las 7', ALL],
    ['7:00 de lunes a viernes', MON_FRI],
    ['de lunes al viernes a las 7', MON_FRI],
    ['7:00 desde el lunes hasta el jueves', [1, 2, 3, 4]],
    ['a las 7 días hábiles', MON_FRI],
    ['solo días laborables a las 7', MON_FRI],
    ['a las 7 entre semana', MON_FRI],
    ['7:00 martes y jueves', [2, 4]],
    ['7:00 lunes, martes, jueves y sábado', [1, 2, 4, 6]],
    ['los domingos a las 7', [0]],
    ['cada viernes a las 7', [5]],
    ['el día miércoles a las 7', [3]],
    ['a las 7 los fines de semana', [6, 0]],
    ['7:00 todos los días menos sábado y domingo', MON_FRI],
    ['7:00 excepto domingos', MON_SAT],
    ['7:00 salvo los lunes', [2, 3, 4, 5, 6, 0]],
    ['de lunes a sábado excepto miércoles a las 7', [1, 2, 4, 5, 6]],
    ['7:00 lun-mié', [1, 2, 3]],
    ['a partir de hoy a las 7', MON_SAT],
    ['desde mañana a las 7 todos los días', ALL],
  ])('%j', (text, days) => {
    expect(parseScheduleSpec(text)).toMatchObject({ kind: 'weekly', hour: 7, days });
  });

  it('refuses words it does not know, a start date and an empty set', () => {
    expect(problemOf('7:00 feriados')).toEqual({ problem: 'bad-days', token: 'feriados' });
    expect(problemOf('7:00 de viernes a lunes').problem).toBe('bad-days');
    expect(problemOf('desde el lunes a las 7').problem).toBe('bad-days');
    expect(problemOf('7:00 todos los días menos todos').problem).toBe('bad-days');
    expect(problemOf('mañana a las 7').problem).toBe('bad-days');
  });
});

describe('parseScheduleSpec: monthly posts', () => {
  it.each([
    ['el primero de cada mes a las 10', monthly(1, 10)],
    ['cada 2do a las 10', monthly(2, 10)],
    ['el 3ro de cada mes 10:00', monthly(3, 10)],
    ['día 4 a las 10 de la mañana', monthly(4, 10)],
    ['todos los primeros de mes 10am', monthly(1, 10)],
    ['mensualmente el día 6 10:00', monthly(6, 10)],
    ['el 7 de cada mes a las 10', monthly(7, 10)],
    ['el 8 a las 10', monthly(8, 10)],
    ['día 20 a las 4 de la tarde', monthly(20, 16)],
    ['el último día de cada mes a las 10', monthly(31, 10)],
    ['día primero 10:30', monthly(1, 10, 30)],
  ])('%j', (text, spec) => {
    expect(parseScheduleSpec(text)).toEqual(spec);
  });

  it('refuses impossible days, two days and weekdays with a day of the month', () => {
    expect(problemOf('el 40 de cada mes a las 9')).toEqual({ problem: 'bad-day-of-month', token: '40' });
    expect(problemOf('día 1 y día 15 a las 9').problem).toBe('bad-day-of-month');
    expect(problemOf('cada mes a las 9')).toEqual({ problem: 'bad-day-of-month', token: 'mes' });
    expect(problemOf('día 1 a las 9 los lunes').problem).toBe('bad-days');
    expect(problemOf('el primero de cada mes').problem).toBe('missing-time');
  });
});
