import { clockGrammar } from '../../../src/language/grammars/clock.js';
import { dateGrammar } from '../../../src/language/grammars/date.js';
import { periodGrammar } from '../../../src/language/grammars/period.js';
import { normalizeLine } from '../../../src/language/normalize.js';
import { tokenize } from '../../../src/language/tokenize.js';
import { limaInstant } from '../../../src/time/lima.js';
import corpus from './recognizers-es.json' with { type: 'json' };

/** One vendored case (see README.md): the line, its reference time and the readings it accepts. */
export interface CorpusCase {
  readonly id: string;
  readonly kind: 'day' | 'weekday' | 'month' | 'time' | 'datetime' | 'impossible';
  readonly input: string;
  readonly text: string;
  readonly reference: string | null;
  readonly expect: {
    readonly dates?: readonly string[];
    readonly months?: readonly string[];
    readonly times?: readonly string[];
    readonly datetimes?: readonly string[];
    readonly refused?: boolean;
  };
}

export const CASES = corpus.cases as readonly CorpusCase[];

const pad = (n: number) => String(n).padStart(2, '0');

/** What Chasqui's grammars read in the case's line, written as the case writes its values. */
export function readCase(c: CorpusCase): string | undefined {
  // The reference is a wall-clock time; a case without one is about the time of day only.
  const ref = c.reference ?? '2016-11-07T00:00:00';
  const now = limaInstant(ref.slice(0, 10), Number(ref.slice(11, 13)), Number(ref.slice(14, 16)));
  const tokens = tokenize(normalizeLine(c.input));
  if (c.kind === 'time') {
    const match = clockGrammar.find(tokens, { now });
    if (!match) return undefined;
    return 'value' in match.result
      ? `${pad(match.result.value.hour)}:${pad(match.result.value.minute)}`
      : '!error';
  }
  if (c.kind === 'month') {
    const match = periodGrammar.find(tokens, { now });
    if (!match) return undefined;
    return 'value' in match.result ? match.result.value : `!${match.result.error.identifier}`;
  }
  const match = dateGrammar.find(tokens, { now });
  if (!match) return undefined;
  if ('error' in match.result) return `!${match.result.error.identifier}`;
  const { date, time } = match.result.value;
  return time ? `${date} ${pad(time.hour)}:${pad(time.minute)}` : date;
}

/** Whether Chasqui's reading is one the case accepts (or, for a day that cannot be, a refusal). */
export function passes(c: CorpusCase, read: string | undefined): boolean {
  const { expect } = c;
  if (c.kind === 'impossible') return read === '!invalid-date';
  const accepted = expect.dates ?? expect.months ?? expect.times ?? expect.datetimes ?? [];
  return read !== undefined && accepted.includes(read);
}
