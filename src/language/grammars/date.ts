import { UserError } from '../../errors/user-error.js';
import { holidaySet, limaDate } from '../../time/lima.js';
import type { Token } from '../tokenize.js';
import { type Atoms, atomsOf, textOf, tokenSpan } from './atoms.js';
import { type ClockTime, withPart } from './clock.js';
import { ahead, isoOf, resolveDate, type SpokenDate } from './date-resolve.js';
import { onlyReading, type Resolved } from './date-scan.js';
import type { GrammarContext, SlotGrammar, SlotMatch } from './types.js';

/**
 * Dates as people say them, one grammar for every command: numeric (`20/11/2026`, `2026-11-20`,
 * `20-nov-26`), spoken (`antier`, `el lunes pasado`, `3 d noviembre`, `el 1ra de noviembre`,
 * `hace 2 días`, `del 3 del mes pasado`, `último día hábil`) and with a time of day (`ayer 8h30`,
 * `el 15 a las 8`, `anoche a las 7`). Parts come from date-parts.ts, their day from date-resolve.ts.
 */

/** A date found in a line: the day, the time of day if one was said, and whether it looks ahead. */
export interface DateValue {
  readonly date: string;
  readonly time?: ClockTime;
  /** `mañana`, `el próximo lunes`: it looks ahead. */
  readonly ahead: boolean;
  /** Ahead with a time of day (`mañana a las 9`, `el lunes temprano`): a plan, not a request. */
  readonly plan: boolean;
}

type Found = Resolved<SpokenDate>;

/** The value of a found date, or the error of an impossible one (`31/11`, `viernes 21`). */
function valueOf(atoms: Atoms, found: Found): { value: DateValue } | { error: UserError } {
  const { parts } = found.value;
  const real =
    new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDate() === parts.day &&
    parts.month >= 1 &&
    parts.month <= 12;
  if (found.value.kind === 'mismatch' || !real) {
    return {
      error: new UserError('invalid-date', { valor: textOf(atoms, found.span.start, found.span.end) }),
    };
  }
  const { spec } = found.span;
  const time = spec.clock && spec.part && !spec.marked ? withPart(spec.clock, spec.part) : spec.clock;
  const forward = ahead(spec);
  return {
    value: {
      date: isoOf(parts),
      ahead: forward,
      plan: forward && spec.time === true,
      ...(time ? { time } : {}),
    },
  };
}

/** Reads the first date of `tokens`; several make one `one-at-a-time` error spanning them. */
function findDate(tokens: readonly Token[], ctx: GrammarContext): SlotMatch<DateValue> | undefined {
  const atoms = atomsOf(tokens);
  const today = limaDate(ctx.now);
  const holidays = holidaySet(ctx.holidays);
  const found = onlyReading(
    atoms,
    (span) => {
      const resolved = resolveDate(span.spec, today, holidays);
      return resolved && { value: resolved.date, rule: resolved.rule };
    },
    'una fecha',
  );
  if (!found || 'result' in found) return found;
  return {
    ...tokenSpan(atoms, found.span.start, found.span.end),
    result: valueOf(atoms, found),
    because: found.rules,
  };
}

/** Any date, past or ahead, with its time of day when one was said. */
export const dateGrammar: SlotGrammar<DateValue> = { name: 'date', find: findDate };

const display = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * A day already past (a rate, a movement): not after today in Lima, not before `min`. A date that
 * looks ahead with a time of day (`mañana a las 9`) is a plan, not a request: no match.
 */
export function pastDateGrammar(min: string): SlotGrammar<string> {
  return {
    name: 'past-date',
    find(tokens, ctx) {
      const match = findDate(tokens, ctx);
      if (!match || 'error' in match.result) return match as SlotMatch<string> | undefined;
      const { date, plan } = match.result.value;
      if (plan) return undefined;
      const today = limaDate(ctx.now);
      const error =
        date > today
          ? new UserError('date-future', { valor: display(date), hoy: display(today) })
          : date < min
            ? new UserError('date-too-old', { valor: display(date), minimo: display(min) })
            : undefined;
      return { ...match, result: error ? { error } : { value: date } };
    },
  };
}
