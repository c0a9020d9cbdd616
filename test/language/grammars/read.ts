import type { GrammarContext, SlotGrammar } from '../../../src/language/grammars/types.js';
import { readLine } from '../../../src/language/grammars/identifiers/shared.js';

/** Fictional identifiers with valid check digits (never a real person's or company's). */
export const RUC = { company: '20123456786', other: '20601234565', person: '10456789124' } as const;
export const DNI = { a: '45678912', b: '41234567', c: '70123456' } as const;

export const CONTEXT: GrammarContext = { now: new Date('2026-11-22T15:00:00Z'), ownRuc: RUC.company };

/** What a grammar made of a line, flattened for table rows. */
export interface Reading {
  value?: unknown;
  error?: string;
  data?: Record<string, unknown>;
  because: readonly string[];
  /** The words the match used, as typed. */
  span: string;
  weak?: boolean;
  note?: string;
}

/** Runs `grammar` over `line` as the language layer tokenizes it. */
export function read<V>(
  grammar: SlotGrammar<V>,
  line: string,
  ctx: GrammarContext = CONTEXT,
): Reading | null {
  const tokens = readLine(line);
  const match = grammar.find(tokens, ctx);
  if (match === undefined) return null;
  const span = tokens
    .slice(match.start, match.end)
    .map((token) => token.text)
    .join(' ');
  const extra = {
    ...(match.weak === undefined ? {} : { weak: match.weak }),
    ...(match.note === undefined ? {} : { note: match.note.text }),
  };
  return 'error' in match.result
    ? {
        error: match.result.error.identifier,
        data: match.result.error.data,
        because: match.because,
        span,
        ...extra,
      }
    : { value: match.result.value, because: match.because, span, ...extra };
}
