import { describe, expect, it } from 'vitest';
import { clockGrammar } from '../../../src/language/grammars/clock.js';
import { findIn, hhmm, valueIn } from './helpers.js';

const timeOf = (line: string) => {
  const value = valueIn(clockGrammar, line);
  return typeof value === 'object' && value !== null ? hhmm(value) : value;
};

describe('the clock grammar', () => {
  it.each([
    ['08:30', '08:30'],
    ['8.30', '08:30'],
    ['8h30', '08:30'],
    ['8h', '08:00'],
    ['7:15hrs', '07:15'],
    ['9am', '09:00'],
    ['6p.m.', '18:00'],
    ['7 a. m.', '07:00'],
    ['340pm', '15:40'],
    ['a las 7', '07:00'],
    ['a las siete', '07:00'],
    ['a las 3', '03:00'], // a bare hour is the morning one
    ['7 y media', '07:30'],
    ['a las 9 y cuarto', '09:15'],
    ['8 con 10', '08:10'],
    ['9 menos cuarto', '08:45'],
    ['9pm menos cuarto', '20:45'],
    ['8pm y media', '20:30'],
    ['7 en punto', '07:00'],
    ['ocho de la mañana', '08:00'],
    ['5 de la tarde', '17:00'],
    ['10 de la noche', '22:00'],
    ['12 de la noche', '00:00'],
    ['4 de la madrugada', '04:00'],
    ['8pm de la noche', '20:00'],
    ['al mediodía', '12:00'],
    ['a medianoche', '00:00'],
    ['por la tarde a las 7', '19:00'],
    ['en la tarde a las cinco treinta', '17:30'],
    ['a las siete treinta y cinco pm', '19:35'],
    ['3 minutos para las 8', '07:57'],
    ['cerca de las 8:00am', '08:00'],
    ['tipo 8', '08:00'],
  ])('%j is %s', (line, time) => {
    expect(timeOf(line)).toBe(time);
  });

  it.each(['el 5', 'veinte de noviembre', 'ocho cajas', 'mil gracias', '2026', 'ruc 20123456786'])(
    '%j holds no marked time',
    (line) => {
      const match = findIn(clockGrammar, line);
      expect(match === undefined || !match.because.some((rule) => rule !== 'clock-digits')).toBe(true);
    },
  );

  it('says when a time cannot be one, quoting what was written', () => {
    expect(timeOf('25:00')).toBe('!schedule-bad-time');
    expect(timeOf('15 pm')).toBe('!schedule-bad-time');
    expect(findIn(clockGrammar, 'a las 15 pm')?.result).toMatchObject({
      error: { data: { valor: '15 pm' } },
    });
  });

  it('prefers a marked time to a bare number and spans the prefix', () => {
    const match = findIn(clockGrammar, 'el 5 a las 10');
    expect(match?.result).toEqual({ value: { hour: 10, minute: 0 } });
    expect([match?.start, match?.end]).toEqual([2, 5]);
  });
});
