import { describe, expect, it } from 'vitest';
import { atomsOf } from '../../../src/language/grammars/atoms.js';
import { dateGrammar, pastDateGrammar } from '../../../src/language/grammars/date.js';
import { readDateAt } from '../../../src/language/grammars/date-parts.js';
import { GRAMMARS } from '../../../src/language/grammars/registry.js';
import { normalizeLine } from '../../../src/language/normalize.js';
import { tokenize } from '../../../src/language/tokenize.js';
import { findIn, hhmm, NOW, valueIn } from './helpers.js';
import { read } from './read.js';

/** `yyyy-mm-dd HH:MM` (or just the day), `!error`, or undefined. */
function dateOf(line: string, holidays?: readonly string[]): string | undefined {
  const value = valueIn(dateGrammar, line, holidays ? { holidays } : {});
  if (typeof value !== 'object' || value === null) return value;
  return value.time ? `${value.date} ${hhmm(value.time)}` : value.date;
}

/** The day a line names (any time of day left out), `!error`, or undefined. */
function dayOf(line: string, now = NOW): string | undefined {
  const value = valueIn(dateGrammar, line, { now });
  return typeof value === 'object' && value !== null ? value.date : value;
}

/** Wednesday 18/11/2026, 10:00 in Lima. */
const WEDNESDAY = new Date('2026-11-18T15:00:00Z');

const specOf = (line: string) => readDateAt(atomsOf(tokenize(normalizeLine(line))), 0)?.spec;

describe('the date grammar (today: Sunday 22/11/2026)', () => {
  it.each([
    ['20/11/2026', '2026-11-20'],
    ['3 d noviembre', '2026-11-03'],
    ['el mier', '2026-11-18'],
    ['el 1ra de noviembre', '2026-11-01'],
    ['ayer 8h30', '2026-11-21 08:30'],
    ['el 15 a las 8:00', '2026-11-15 08:00'],
    ['anoche a las 7', '2026-11-21 19:00'],
    ['a las 10 esta noche', '2026-11-22 22:00'],
    ['mañana por la mañana a las 7', '2026-11-23 07:00'],
    ['7:00 el domingo a la tarde', '2026-11-15 19:00'],
    ['el viernes en la tarde', '2026-11-20'],
    ['veinte de noviembre de dos mil veintiséis', '2026-11-20'],
    ['05/05/89', '1989-05-05'],
    ['20/11/26', '2026-11-20'],
    ['2026/nov/20', '2026-11-20'],
    ['este viernes 20', '2026-11-20'],
    ['el martes de la semana pasada', '2026-11-10'],
    ['del 3 del mes pasado', '2026-10-03'],
  ])('%j → %s', (line, expected) => {
    expect(dateOf(line)).toBe(expected);
  });

  it('finds the date inside a line and says which tokens it used', () => {
    const match = findIn(dateGrammar, 'pásame el tc del 3 d noviembre porfa');
    expect(match?.result).toMatchObject({ value: { date: '2026-11-03' } });
    expect([match?.start, match?.end]).toEqual([4, 7]);
  });

  it('reads a bare time as a time, not as a day: 8h30 is not the 30th', () => {
    expect(dateOf('8h30')).toBeUndefined();
    expect(dateOf('a las 9')).toBeUndefined();
    expect(dateOf('8.30')).toBeUndefined();
    expect(dateOf('20.11')).toBe('2026-11-20');
  });

  it('refuses days that cannot be, and a weekday the day is not', () => {
    expect(dateOf('31/11')).toBe('!invalid-date');
    expect(dateOf('30 de febrero')).toBe('!invalid-date');
    expect(dateOf('el viernes 21')).toBe('!invalid-date');
  });

  it('answers one date at a time', () => {
    const match = findIn(dateGrammar, 'tc de ayer y de hoy');
    expect(match?.result).toMatchObject({ error: { identifier: 'one-at-a-time' } });
    expect([match?.start, match?.end]).toEqual([2, 6]);
  });

  it('passes over parts that make no day rather than guess from a piece of them', () => {
    expect(dateOf('la semana pasada')).toBeUndefined();
    expect(dateOf('dos días antes de ayer')).toBeUndefined();
    expect(dateOf('mil gracias')).toBeUndefined();
  });

  it("counts the configured holidays in the last business day, beside Peru's", () => {
    expect(dateOf('el último día hábil')).toBe('2026-11-20');
    expect(dateOf('el último día hábil', ['2026-11-20'])).toBe('2026-11-19');
    // Monday 2/11: Sunday 1/11 and the weekend before; Nov 1 is a national holiday anyway.
    expect(valueIn(dateGrammar, 'último día hábil', { now: new Date('2026-11-02T15:00:00Z') })).toMatchObject(
      {
        date: '2026-10-30',
      },
    );
  });
});

describe('spoken dates in the forms people type (today: Sunday 22/11/2026)', () => {
  it.each([
    // days of a month, any order and separator
    ['el 5', '2026-11-05'],
    ['del 3 de este mes', '2026-11-03'],
    ['el 5 del mes antepasado', '2026-09-05'],
    ['20 de nov de este año', '2026-11-20'],
    ['20 de noviembre del año pasado', '2025-11-20'],
    ['15/10 del año pasado', '2025-10-15'],
    ['20-nov', '2026-11-20'],
    ['20/nov/2026', '2026-11-20'],
    ['20 nov 26', '2026-11-20'],
    ['nov 20', '2026-11-20'],
    ['noviembre 20 del 2026', '2026-11-20'],
    ['20 11 2026', '2026-11-20'],
    ['2026.11.20', '2026-11-20'],
    ['fecha 20/11/2026', '2026-11-20'],
    // numbers in words and ordinals
    ['veinte de noviembre', '2026-11-20'],
    ['treinta y uno de octubre', '2026-10-31'],
    ['diez y seis de octubre', '2026-10-16'],
    ['primero de noviembre', '2026-11-01'],
    ['1ero de noviembre', '2026-11-01'],
    ['1° de noviembre', '2026-11-01'],
    ['1º de nov', '2026-11-01'],
    // relative days and offsets
    ['anoche', '2026-11-21'],
    ['del día de ayer', '2026-11-21'],
    ['hace 2 días', '2026-11-20'],
    ['hace tres días', '2026-11-19'],
    ['3 días atrás', '2026-11-19'],
    ['hace 2 días atrás', '2026-11-20'],
    ['hace una semana', '2026-11-15'],
    ['hace un mes', '2026-10-22'],
    ['hace un año', '2025-11-22'],
    // weekdays and weeks
    ['el viernes', '2026-11-20'],
    ['el lunes pasado', '2026-11-16'],
    ['el domingo', '2026-11-15'],
    ['el domingo pasado', '2026-11-15'],
    ['este domingo', '2026-11-22'],
    ['el lunes de esta semana', '2026-11-16'],
    ['la semana pasada el martes', '2026-11-10'],
    ['el viernes de la semana pasada', '2026-11-13'],
    ['el lunes de la semana antepasada', '2026-11-02'],
    ['el lunes de hace dos semanas', '2026-11-02'],
    ['el próximo lunes', '2026-11-23'],
    ['el viernes 20', '2026-11-20'],
    ['viernes 20/11', '2026-11-20'],
    ['el viernes 13', '2026-11-13'],
    ['el viernes 30', '2026-10-30'],
    ['ayer sábado', '2026-11-21'],
    // ends of months and business days (Peru's holidays from src/time/lima.ts)
    ['último día útil', '2026-11-20'],
    ['fin del mes pasado', '2026-10-31'],
    ['al cierre de octubre', '2026-10-31'],
    ['cierre del año pasado', '2025-12-31'],
    ['último día hábil de octubre', '2026-10-30'],
    // with a time of day
    ['ayer en la tarde', '2026-11-21'],
    ['de ayer por la mañana', '2026-11-21'],
    ['ayer 6pm', '2026-11-21'],
    ['de hoy a las 9', '2026-11-22'],
    ['hoy 9:00', '2026-11-22'],
    ['de esta mañana', '2026-11-22'],
    ['20/11 a las 3 pm', '2026-11-20'],
    ['hoy a las 9 de la mañana', '2026-11-22'],
    ['del viernes en la tarde', '2026-11-20'],
    // a weekday the day is not
    ['ayer viernes', '!invalid-date'],
  ])('%j → %s', (line, expected) => {
    expect(dayOf(line)).toBe(expected);
  });

  it.each([
    'fin de mes', // which month?
    'fin de año',
    'del 5 de este año', // which month?
    'el 9 de la mañana', // a time
    'una',
    'pronto',
  ])('%j is no date', (line) => {
    expect(dayOf(line)).toBeUndefined();
  });

  it('reads weekdays the same on any day: the latest before today, this week, next week', () => {
    expect(dayOf('el miércoles', WEDNESDAY)).toBe('2026-11-11');
    expect(dayOf('el miércoles pasado', WEDNESDAY)).toBe('2026-11-11');
    expect(dayOf('este miércoles', WEDNESDAY)).toBe('2026-11-18');
    expect(dayOf('el lunes', WEDNESDAY)).toBe('2026-11-16');
    expect(dayOf('este viernes', WEDNESDAY)).toBe('2026-11-20');
    expect(dayOf('el martes de la semana pasada', WEDNESDAY)).toBe('2026-11-10');
  });
});

describe('the date parts, in any order', () => {
  it('reads the same parts whatever their order', () => {
    expect(specOf('la semana pasada el martes')).toEqual(specOf('el martes de la semana pasada'));
    expect(specOf('hace 2 días')).toEqual({ ago: { unit: 'day', count: 2 } });
    expect(specOf('2 días atrás')).toEqual({ ago: { unit: 'day', count: 2 } });
  });

  it('stops at a word that has no place, or at a part said twice', () => {
    const atoms = atomsOf(tokenize('del lunes lo mando yo'));
    expect(readDateAt(atoms, 0)?.end).toBe(2);
    expect(readDateAt(atomsOf(tokenize('ayer hoy')), 0)?.end).toBe(1);
    expect(specOf('este')).toBeUndefined();
  });
});

describe('a past date (the exchange rate)', () => {
  const rate = pastDateGrammar('2000-01-03');

  it.each([
    ['ayer', '2026-11-21'],
    ['tc del 19/11 a las 4pm', '2026-11-19'],
    ['mañana', '!date-future'],
    ['25/11', '!date-future'],
    ['01/01/1999', '!date-too-old'],
    ['31/02', '!invalid-date'],
  ])('%j → %s', (line, expected) => {
    expect(valueIn(rate, line)).toBe(expected);
  });

  it('takes a date ahead with a time of day for a plan, not a request', () => {
    expect(findIn(rate, 'mañana a las 9')).toBeUndefined();
    expect(findIn(rate, 'el próximo lunes temprano')).toBeUndefined();
    expect(findIn(rate, 'mañana temprano')).toBeUndefined();
    expect(findIn(rate, 'el próximo lunes a las 9')).toBeUndefined();
  });
});

describe("tc's date slot: a past day in Lima, from the first day with its own rate", () => {
  const tcDate = GRAMMARS.date;

  it.each([
    ['hoy', '2026-11-22'],
    ['Ayer', '2026-11-21'],
    ['anteayer', '2026-11-20'],
    ['de ayer', '2026-11-21'],
    ['2026-11-20', '2026-11-20'],
    ['20/11/2026', '2026-11-20'],
    ['1/2/2026', '2026-02-01'],
    ['20-11-2026', '2026-11-20'],
    ['20/11', '2026-11-20'],
    ['1-2', '2026-02-01'],
    ['22/11', '2026-11-22'],
    ['2000-01-03', '2000-01-03'],
  ])('%j → %s', (line, expected) => {
    expect(valueIn(tcDate, line)).toBe(expected);
  });

  it.each([
    ['2026-02-30', 'invalid-date', { valor: '2026-02-30' }],
    ['31/11/2026', 'invalid-date', {}],
    ['2026-13-01', 'invalid-date', {}],
    ['2026-11-23', 'date-future', {}],
    ['23/11', 'date-future', { valor: '23/11/2026', hoy: '22/11/2026' }],
    ['31/12/1999', 'date-too-old', { minimo: '03/01/2000' }],
    // 2000-01-01 is a holiday and 2000-01-02 a Sunday: the API would answer with 31/12/1999.
    ['01/01/2000', 'date-too-old', { valor: '01/01/2000', minimo: '03/01/2000' }],
    ['2000-01-02', 'date-too-old', {}],
  ])('%j → %s', (line, error, data) => {
    expect(read(tcDate, line)).toMatchObject({ error, data });
  });

  it('takes "today" in Lima, not in UTC', () => {
    // 02:30 UTC on Sunday 22 is still Saturday 21, 21:30, in Lima.
    const lateEvening = { now: new Date('2026-11-22T02:30:00Z') };
    expect(valueIn(tcDate, 'hoy', lateEvening)).toBe('2026-11-21');
    expect(read(tcDate, '2026-11-22', lateEvening)).toMatchObject({
      error: 'date-future',
      data: { valor: '22/11/2026', hoy: '21/11/2026' },
    });
  });
});
