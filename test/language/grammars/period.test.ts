import { describe, expect, it } from 'vitest';
import { pastPeriodGrammar, periodGrammar } from '../../../src/language/grammars/period.js';
import { valueIn } from './helpers.js';

describe('the period grammar (current month: 11/2026)', () => {
  it.each([
    ['setiembre', '2026-09'],
    ['afp de octubre del año pasado', '2025-10'],
    ['10/26', '2026-10'],
    ['11 - 2016', '2016-11'],
    ['2016, noviembre', '2016-11'],
    ['agosto de 99', '1999-08'],
    ['jun de mil novecientos noventa y nueve', '1999-06'],
    ['este setiembre', '2026-09'],
    ['el próximo junio', '2027-06'],
    ['mes pasado', '2026-10'],
    ['hace 2 meses', '2026-09'],
    ['vigentes', '2026-11'],
    ['13/2026', '!invalid-period'],
  ])('%j → %s', (line, expected) => {
    expect(valueIn(periodGrammar, line)).toBe(expected);
  });

  it('is no month with a time of day, a bare year or a day', () => {
    expect(valueIn(periodGrammar, 'octubre a las 9')).toBeUndefined();
    expect(valueIn(periodGrammar, '2025')).toBeUndefined();
    expect(valueIn(periodGrammar, 'de ayer')).toBeUndefined();
  });

  it('is refused ahead of the current month and before the first one served', () => {
    const afp = pastPeriodGrammar('2000-01');
    expect(valueIn(afp, 'diciembre')).toBe('!period-future');
    expect(valueIn(afp, '12/1999')).toBe('!period-too-old');
    expect(valueIn(afp, 'octubre')).toBe('2026-10');
  });
});
