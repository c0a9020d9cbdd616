import { describe, expect, it } from 'vitest';
import { atomsOf } from '../../../src/language/grammars/atoms.js';
import { dateGrammar, pastDateGrammar } from '../../../src/language/grammars/date.js';
import { readDateAt } from '../../../src/language/grammars/date-parts.js';
import { normalizeLine } from '../../../src/language/normalize.js';
import { tokenize } from '../../../src/language/tokenize.js';
import { findIn, hhmm, valueIn } from './helpers.js';

/** `yyyy-mm-dd HH:MM` (or just the day), `!error`, or undefined. */
function dateOf(line: string, holidays?: readonly string[]): string | undefined {
  const value = valueIn(dateGrammar, line, holidays ? { holidays } : {});
  if (typeof value !== 'object' || value === null) return value;
  return value.time ? `${value.date} ${hhmm(value.time)}` : value.date;
}

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
  });
});
