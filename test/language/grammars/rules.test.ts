import { describe, expect, it } from 'vitest';
import { clockGrammar } from '../../../src/language/grammars/clock.js';
import { dateGrammar } from '../../../src/language/grammars/date.js';
import { numberGrammar } from '../../../src/language/grammars/number.js';
import { ordinalGrammar } from '../../../src/language/grammars/ordinal.js';
import { periodGrammar } from '../../../src/language/grammars/period.js';
import { scheduleGrammar } from '../../../src/language/grammars/schedule.js';
import type { SlotGrammar } from '../../../src/language/grammars/types.js';
import { weekdayGrammar } from '../../../src/language/grammars/weekday.js';
import { normalizeLine } from '../../../src/language/normalize.js';
import { tokenize } from '../../../src/language/tokenize.js';
import { type GrammarName, RULES } from './rules.table.js';

/** Sunday 22/11/2026, 10:00 in Lima. */
const NOW = new Date('2026-11-22T15:00:00Z');

const GRAMMARS: Record<GrammarName, SlotGrammar<unknown>> = {
  number: numberGrammar,
  ordinal: ordinalGrammar,
  clock: clockGrammar,
  weekday: weekdayGrammar,
  date: dateGrammar,
  period: periodGrammar,
  schedule: scheduleGrammar,
};

function because(grammar: GrammarName, line: string): readonly string[] {
  return GRAMMARS[grammar].find(tokenize(normalizeLine(line)), { now: NOW })?.because ?? [];
}

describe('every named rule fires on its examples and not on its counter-examples', () => {
  for (const { grammar, rule, yes, no } of RULES) {
    describe(`${grammar}: ${rule}`, () => {
      it.each(yes)('fires on %j', (line) => {
        expect(because(grammar, line)).toContain(rule);
      });
      it.each(no)('does not fire on %j', (line) => {
        expect(because(grammar, line)).not.toContain(rule);
      });
    });
  }

  it('names every rule the grammars log, once', () => {
    const names = RULES.map((row) => `${row.grammar}:${row.rule}`);
    expect(new Set(names).size).toBe(names.length);
  });
});
