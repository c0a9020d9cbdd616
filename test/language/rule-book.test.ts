import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import { SPEECH_ACT_RULES } from '../../src/language/understand/rule-book.js';
import { HAND_OFFS } from '../../src/language/understand/rules.js';
import { createUnderstanding } from '../../src/language/understand/understand.js';
import type { Reading } from '../../src/language/understand/reading.js';

const understanding = createUnderstanding(commands);
const context = {
  now: new Date('2026-11-22T15:00:00Z'),
  ownRuc: '20123456786',
  isGroup: true,
  selfDigits: ['51900000000'],
};

/** The rule names a reading logs (and its requests', for a message of several lines), before any `:` value. */
function rulesOf(line: string): string[] {
  const reading = understanding.understand(line, context);
  const all = (r: Reading): string[] => [...r.because, ...(r.requests ?? []).flatMap(all)];
  return all(reading).flatMap((rule) => {
    const colon = rule.indexOf(':');
    return colon < 0 ? [rule] : [rule, rule.slice(0, colon)];
  });
}

describe('every speech-act rule fires on its examples and not on its counter-examples', () => {
  for (const { name, yes, no } of SPEECH_ACT_RULES) {
    describe(name, () => {
      it.each(yes)('fires on %j', (line) => {
        expect(rulesOf(line)).toContain(name);
      });
      it.each(no)('does not fire on %j', (line) => {
        expect(rulesOf(line)).not.toContain(name);
      });
    });
  }

  it('names each rule once, with at least one example each way', () => {
    const names = SPEECH_ACT_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of SPEECH_ACT_RULES) {
      expect(rule.yes.length, rule.name).toBeGreaterThan(0);
      expect(rule.no.length, rule.name).toBeGreaterThan(0);
    }
  });
});

describe('every hand-off reads its examples as the other command, and not its counter-examples', () => {
  for (const { name, from, to, yes, no } of HAND_OFFS) {
    describe(`${name} (${from} → ${to})`, () => {
      it.each(yes)('hands off %j', (line) => {
        const reading = understanding.understand(line, context);
        expect(reading.because).toContain(`hand-off:${name}`);
        expect(reading.command).toBe(to);
      });
      it.each(no)('does not hand off %j', (line) => {
        expect(rulesOf(line)).not.toContain(`hand-off:${name}`);
      });
    });
  }
});
