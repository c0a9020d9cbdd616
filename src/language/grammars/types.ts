import type { UserError } from '../../errors/user-error.js';
import type { Token } from '../tokenize.js';

/**
 * The contract of a slot grammar: given the tokens of a request's argument, find the one thing of
 * its kind (a RUC, a date, a document reference…) and say which tokens it used. The caller
 * (understand) decides what the tokens outside that span make of the line: courtesy, a reason, or
 * words that turn a request into a remark.
 */

export interface GrammarContext {
  /** Now, for anything relative to today (read in Lima time through src/time/lima.ts). */
  readonly now: Date;
  /** The company's own RUC: short document references default to it. */
  readonly ownRuc?: string;
  /** Extra non-working days from the configuration (yyyy-mm-dd), beside Peru's national holidays. */
  readonly holidays?: readonly string[];
}

/** What a grammar found: a value, or why the thing it recognised cannot be one (a local error). */
export type SlotResult<V> = { readonly value: V } | { readonly error: UserError };

export interface SlotMatch<V> {
  /** Tokens used, `[start, end)`: the value and the words that belong to it (labels, `de`, parts). */
  readonly start: number;
  readonly end: number;
  readonly result: SlotResult<V>;
  /** Names of the rules that decided, for `because`. */
  readonly because: readonly string[];
  /**
   * Valid, but too little to act on unless the line is addressed to the bot (`ce 123`: a real
   * card number has 9 characters; `buscar la llave`: no company name in sight).
   */
  readonly weak?: boolean;
  /** Counts only when every other slot holds a value (`comisiones` is the AFP job only beside a valid time). */
  readonly vague?: boolean;
  /**
   * Words inside the span said about the value, not part of it: the company name after a RUC
   * (`20123456786 - Transportes Andinos`), for understand to keep as a note. `[start, end)` as above.
   */
  readonly note?: { readonly start: number; readonly end: number; readonly text: string };
}

export interface SlotGrammar<V> {
  readonly name: string;
  /**
   * The first thing of this grammar's kind in `tokens`, from the left; undefined when there is
   * none. Several distinct ones give one error match (`one-at-a-time`) spanning them all.
   */
  find(tokens: readonly Token[], ctx: GrammarContext): SlotMatch<V> | undefined;
}
