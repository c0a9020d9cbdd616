import type { GrammarContext, SlotGrammar, SlotMatch } from '../../../src/language/grammars/types.js';
import { normalizeLine } from '../../../src/language/normalize.js';
import { tokenize } from '../../../src/language/tokenize.js';

/** Sunday 22/11/2026, 10:00 in Lima: this week is Mon 16 … Sun 22. */
export const NOW = new Date('2026-11-22T15:00:00Z');

/** A grammar run on one typed line. */
export function findIn<V>(
  grammar: SlotGrammar<V>,
  line: string,
  ctx: Partial<GrammarContext> = {},
): SlotMatch<V> | undefined {
  return grammar.find(tokenize(normalizeLine(line)), { now: NOW, ...ctx });
}

/** The value found, or `!<error id>`, or undefined when nothing was found. */
export function valueIn<V>(
  grammar: SlotGrammar<V>,
  line: string,
  ctx: Partial<GrammarContext> = {},
): V | string | undefined {
  const match = findIn(grammar, line, ctx);
  if (!match) return undefined;
  return 'value' in match.result ? match.result.value : `!${match.result.error.identifier}`;
}

export const hhmm = (time: { hour: number; minute: number }) =>
  `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
