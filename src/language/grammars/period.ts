import { UserError } from '../../errors/user-error.js';
import { currentPeriod } from '../../time/lima.js';
import type { Token } from '../tokenize.js';
import { atomsOf, textOf, tokenSpan } from './atoms.js';
import type { DateSpan } from './date-parts.js';
import { resolvePeriod } from './date-resolve.js';
import { onlyReading } from './date-scan.js';
import type { SlotGrammar, SlotMatch } from './types.js';

/**
 * Months as people name them, for monthly data (pension-fund commissions): `setiembre`, `set
 * 2026`, `oct-2026`, `10/26`, `2026-10`, `octubre del año pasado`, `mes pasado`, `hace 2 meses`,
 * `del mes de octubre`, `este setiembre`, `agosto de 99`. Read by the date parts (date-parts.ts);
 * a time of day makes it no month.
 */

/** A reading resolved to a month; a time of day makes it none. */
function monthOf(span: DateSpan, current: string) {
  const resolved = span.spec.time ? undefined : resolvePeriod(span.spec, current);
  return resolved && { value: resolved.month, rule: resolved.rule };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first month of a line (`yyyy-MM`); several make one `one-at-a-time` error spanning them. */
export const periodGrammar: SlotGrammar<string> = {
  name: 'period',
  find(tokens: readonly Token[], ctx): SlotMatch<string> | undefined {
    const atoms = atomsOf(tokens);
    const current = currentPeriod(ctx.now);
    const found = onlyReading(atoms, (span) => monthOf(span, current), 'un periodo');
    if (!found || 'result' in found) return found;
    const { year, month } = found.value;
    const span = tokenSpan(atoms, found.span.start, found.span.end);
    const result =
      month < 1 || month > 12
        ? {
            error: new UserError('invalid-period', {
              valor: textOf(atoms, found.span.start, found.span.end),
            }),
          }
        : { value: `${year}-${pad(month)}` };
    return { ...span, result, because: found.rules };
  },
};

/** A month not after the current one in Lima and not before `min` (`yyyy-MM`). */
export function pastPeriodGrammar(min: string): SlotGrammar<string> {
  return {
    name: 'past-period',
    find(tokens, ctx) {
      const match = periodGrammar.find(tokens, ctx);
      if (!match || 'error' in match.result) return match;
      const period = match.result.value;
      const current = currentPeriod(ctx.now);
      const shown = `${period.slice(5)}/${period.slice(0, 4)}`;
      const error =
        period > current
          ? new UserError('period-future', {
              valor: shown,
              actual: `${current.slice(5)}/${current.slice(0, 4)}`,
            })
          : period < min
            ? new UserError('period-too-old', { valor: shown })
            : undefined;
      return error ? { ...match, result: { error } } : match;
    },
  };
}
