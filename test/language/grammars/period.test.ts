import { describe, expect, it } from 'vitest';
import { pastPeriodGrammar, periodGrammar } from '../../../src/language/grammars/period.js';
import { GRAMMARS } from '../../../src/language/grammars/registry.js';
import { valueIn } from './helpers.js';
import { read } from './read.js';

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
    ['setiembre del año pasado', '2025-09'],
    ['del mes de octubre', '2026-10'],
    ['mes de setiembre', '2026-09'],
    ['10-2026', '2026-10'],
    ['2026/10', '2026-10'],
    ['oct.', '2026-10'],
    ['oct-2026', '2026-10'],
    ['del mes', '2026-11'],
    ['actual', '2026-11'],
    ['vigente', '2026-11'],
    ['del mes pasado', '2026-10'],
    ['anterior', '2026-10'],
    ['hace un año', '2025-11'],
    ['del próximo mes', '2026-12'],
  ])('%j → %s', (line, expected) => {
    expect(valueIn(periodGrammar, line)).toBe(expected);
  });

  it('is no month with a time of day, a bare year or a day', () => {
    expect(valueIn(periodGrammar, 'octubre a las 9')).toBeUndefined();
    expect(valueIn(periodGrammar, '2025')).toBeUndefined();
    expect(valueIn(periodGrammar, 'de ayer')).toBeUndefined();
    expect(valueIn(periodGrammar, 'hace 2 semanas')).toBeUndefined();
    expect(valueIn(periodGrammar, 'fin de mes')).toBeUndefined();
    expect(valueIn(periodGrammar, 'octubrazo')).toBeUndefined();
    // Two years for one month: refused, not guessed.
    expect(valueIn(periodGrammar, 'octubre 2026 del año pasado')).toBeUndefined();
  });

  it('crosses year boundaries', () => {
    const january = { now: new Date('2026-01-22T15:00:00Z') };
    expect(valueIn(periodGrammar, 'mes pasado', january)).toBe('2025-12');
    expect(valueIn(periodGrammar, 'hace 14 meses', january)).toBe('2024-11');
  });

  it('is refused ahead of the current month and before the first one served', () => {
    const afp = pastPeriodGrammar('2000-01');
    expect(valueIn(afp, 'diciembre')).toBe('!period-future');
    expect(valueIn(afp, '12/1999')).toBe('!period-too-old');
    expect(valueIn(afp, 'octubre')).toBe('2026-10');
  });
});

describe("afp's period slot: a month already begun, from the first one served", () => {
  const afpPeriod = GRAMMARS.period;

  it.each([
    ['1/2026', '2026-01'],
    ['2026/09', '2026-09'],
    ['periodo 10-2026', '2026-10'],
    ['10', '2026-10'], // a bare month is this year's
    ['1', '2026-01'],
    ['11', '2026-11'],
  ])('%j → %s', (line, expected) => {
    expect(valueIn(afpPeriod, line)).toBe(expected);
  });

  it.each([
    ['2026-13', 'invalid-period', { valor: '2026-13' }],
    ['00/2026', 'invalid-period', {}],
    ['13', 'invalid-period', {}],
    ['0', 'invalid-period', {}],
    ['2026-12', 'period-future', { valor: '12/2026', actual: '11/2026' }],
    ['12', 'period-future', { valor: '12/2026', actual: '11/2026' }],
  ])('%j → %s', (line, error, data) => {
    expect(read(afpPeriod, line)).toMatchObject({ error, data });
  });
});
