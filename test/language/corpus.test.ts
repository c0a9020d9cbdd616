import { describe, expect, it } from 'vitest';
import { CASES, passes, readCase } from './corpus/run.js';

/**
 * The outside corpus (test/language/corpus/README.md): every kept Recognizers-Text case is read by
 * the date, period and clock grammars with the case's reference time. The cases Chasqui reads
 * differently on purpose, or does not read yet, are listed with the reason; a listed case that
 * starts to pass fails here, so the list stays true.
 */
const WEEKDAY_DISAGREES = 'a weekday the day is not is refused, not looked for in other months or years';
const NEXT_WEEK = '`el próximo viernes` is the next one ahead, not next week’s';
const LAST_WEEK =
  '`el miércoles pasado` is the latest one before today (the phrasing tables), not last week’s';
const DAY_ALONE = '`el día`, `el último día` alone are no date: too common in other senses';
const AMBIGUOUS = 'two readings (`el pasado setiembre`: this year’s or last year’s): refused, not guessed';
const MINUTES_PAST = '`N minutos pasadas las H`: not how Peru says it';
const TYPING =
  'typing the tokenizer does not mend (`|viernes`, `3~2015`, `8: 45`, `10 H 10`, `22 do febrero`)';
const OTHER =
  'a form Chasqui does not read (`dos días antes de ayer`, `el tercer mes`, `el próximo 6 de abril`)';
const HOURS = 'hours Chasqui reads otherwise (`a las 24` is refused; `cinco de la noche` stays 5)';
const SPAN = 'the date runs on past a comma into other words, or a count reads as a second date';
const MAR = '`mar` in a date is March (ambiguities.ts, calendar-context)';

// prettier-ignore
const KNOWN_MISSES: Readonly<Record<string, string>> = {
  'DateParser.json#6': WEEKDAY_DISAGREES,
  'DateTimeModel.json#138': WEEKDAY_DISAGREES,
  'DateTimeModel.json#158': WEEKDAY_DISAGREES,
  'DateTimeModel.json#159': WEEKDAY_DISAGREES,
  'DateTimeModel.json#417': WEEKDAY_DISAGREES,
  'DateTimeModel.json#418': WEEKDAY_DISAGREES,
  'DateTimeModel.json#473': WEEKDAY_DISAGREES,
  'DateTimeModel.json#475': WEEKDAY_DISAGREES,
  'DateTimeModel.json#476': WEEKDAY_DISAGREES,
  'DateTimeModel.json#477': WEEKDAY_DISAGREES,
  'DateTimeModel.json#734': WEEKDAY_DISAGREES, // 29/2 in a year with no 29 February
  'DateTimeModel.json#735': WEEKDAY_DISAGREES,
  'DateTimeModel.json#764': WEEKDAY_DISAGREES,
  'DateParser.json#41': NEXT_WEEK,
  'DateParser.json#65': NEXT_WEEK,
  'DateTimeParser.json#28': NEXT_WEEK,
  'DateTimeParser.json#50': NEXT_WEEK,
  'DateTimeModel.json#424': NEXT_WEEK,
  'DateTimeModel.json#425': NEXT_WEEK,
  'DateTimeModel.json#822': NEXT_WEEK,
  'DateTimeModel.json#823': NEXT_WEEK,
  'DateTimeModel.json#824': NEXT_WEEK,
  'DateTimeModel.json#428': LAST_WEEK,
  'DateTimeModel.json#429': LAST_WEEK,
  'DateTimeModel.json#430': LAST_WEEK,
  'DateParser.json#46': DAY_ALONE,
  'DateParser.json#47': DAY_ALONE,
  'DateParser.json#48': DAY_ALONE,
  'DateTimeModel.json#167': DAY_ALONE,
  'DateTimeModel.json#175': DAY_ALONE,
  'DatePeriodParser.json#12': AMBIGUOUS,
  'DatePeriodParser.json#69': AMBIGUOUS,
  'TimeParser.json#15': MINUTES_PAST,
  'TimeParser.json#17': MINUTES_PAST,
  'TimeParser.json#18': MINUTES_PAST,
  'TimeParser.json#25': MINUTES_PAST,
  'TimeParser.json#46': MINUTES_PAST,
  'DateTimeParser.json#20': MINUTES_PAST,
  'DateParser.json#29': TYPING,
  'DateParser.json#31': TYPING,
  'DatePeriodParser.json#78': TYPING,
  'TimeParser.json#45': TYPING,
  'DateTimeModel.json#260': TYPING,
  'DateTimeModel.json#447': TYPING,
  'DateTimeModel.json#461': TYPING,
  'DatePeriodParser.json#178': OTHER,
  'DateTimeModel.json#193': OTHER,
  'DateTimeModel.json#479': OTHER,
  'DateTimeModel.json#480': OTHER,
  'DateTimeModel.json#754': OTHER,
  'DateTimeModel.json#755': OTHER,
  'DateTimeModel.json#758': OTHER,
  'DateTimeModel.json#804': OTHER,
  'DateTimeModel.json#805': OTHER,
  'TimeParser.json#42': HOURS,
  'DateTimeModel.json#32': HOURS,
  'DateTimeModel.json#48': HOURS,
  'DateTimeModel.json#42': SPAN,
  'DateTimeModel.json#721': SPAN,
  'DateTimeModel.json#728': MAR,
};

describe('Recognizers-Text Spanish DateTime cases that Chasqui accepts', () => {
  it.each(CASES.map((c) => [c.id, c.input, c] as const))('%s %j', (id, _input, c) => {
    const read = readCase(c);
    if (id in KNOWN_MISSES)
      expect(passes(c, read), `${id} now passes: drop it from KNOWN_MISSES`).toBe(false);
    else expect({ id, read, ok: passes(c, read) }).toEqual({ id, read, ok: true });
  });

  it('lists only cases that are in the corpus, and keeps most of them passing', () => {
    const ids = new Set(CASES.map((c) => c.id));
    expect(Object.keys(KNOWN_MISSES).filter((id) => !ids.has(id))).toEqual([]);
    expect(CASES.length - Object.keys(KNOWN_MISSES).length).toBeGreaterThanOrEqual(335);
  });
});
