import { describe, expect, it } from 'vitest';
import { scheduleGrammar } from '../../../src/language/grammars/schedule.js';
import { weekdayName } from '../../../src/language/grammars/weekday.js';
import { describeScheduleSpec, parseScheduleSpec } from '../../../src/scheduler/schedule-spec.js';
import { findIn, valueIn } from './helpers.js';

describe('the schedule grammar', () => {
  it.each([
    ['por la tarde a las 7', { kind: 'weekly', hour: 19, minute: 0 }],
    ['3 minutos para las 8 lun-vie', { kind: 'weekly', hour: 7, minute: 57, days: [1, 2, 3, 4, 5] }],
    ['a las siete treinta pm todos', { kind: 'weekly', hour: 19, minute: 30 }],
    ['el vigésimo primero de cada mes 10:00', { kind: 'monthly', dayOfMonth: 21 }],
    ['los sábados nomás a las 9', { kind: 'weekly', days: [6] }],
    ['el mar a las 9', { kind: 'weekly', days: [2] }],
  ])('%j', (line, spec) => {
    expect(valueIn(scheduleGrammar, line)).toMatchObject(spec);
  });

  it('fills the whole argument, or says what is wrong with it', () => {
    const match = findIn(scheduleGrammar, '7:00 feriados');
    expect(match?.result).toMatchObject({
      error: { identifier: 'schedule-bad-days', data: { valor: 'feriados' } },
    });
    expect([match?.start, match?.end]).toEqual([0, 2]);
    expect(valueIn(scheduleGrammar, 'a las 25:00')).toBe('!schedule-bad-time');
    expect(findIn(scheduleGrammar, 'todos los días')).toBeUndefined();
  });

  it('names the days for users as before, from the lexicon', () => {
    const names = [0, 1, 2, 3, 4, 5, 6].map((d) => [
      weekdayName(d as 0, 'long'),
      weekdayName(d as 0, 'short'),
    ]);
    expect(names).toEqual([
      ['domingo', 'dom'],
      ['lunes', 'lun'],
      ['martes', 'mar'],
      ['miércoles', 'mié'],
      ['jueves', 'jue'],
      ['viernes', 'vie'],
      ['sábado', 'sáb'],
    ]);
    expect(describeScheduleSpec(parseScheduleSpec('07:00 mié-sáb'))).toEqual({
      kind: 'weekly',
      time: '07:00',
      everyDay: false,
      defaultDays: false,
      days: ['miércoles', 'jueves', 'viernes', 'sábado'],
      range: { from: 'miércoles', to: 'sábado' },
      text: '07:00 mié-sáb',
    });
  });
});
