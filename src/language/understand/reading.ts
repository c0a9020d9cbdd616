import type { UserError } from '../../errors/user-error.js';

/** How a message reached the bot: a mention of it, a command prefix (`/ruc`), or a direct chat. */
export type Addressed = 'mention' | 'prefix' | 'direct';

/**
 * What a line does: asks the bot for something (`request`), tells colleagues something
 * (`remark`), asks a person (`question`), greets (`greeting`), thanks or acknowledges
 * (`thanks`), or holds nothing the bot reads (`unknown`).
 */
export type Act = 'request' | 'remark' | 'question' | 'greeting' | 'thanks' | 'unknown';

/** The reading of one message (or of one of its lines). Pure data: logged, tested, explained. */
export interface Reading {
  addressed?: Addressed;
  /** The prefix character when one was used (`/`, `!`, `.`). */
  prefix?: string;
  act: Act;
  /** The command read, for a request (and for a remark that names one, for the log). */
  command?: string;
  /** The command's arguments, or why they cannot be (a local error: no credit spent). */
  args?: { readonly value: unknown } | { readonly error: UserError };
  /** The argument as written (courtesy and labels trimmed), for logs and for `lote`'s list. */
  rawArgs?: string;
  /** The names of the rules that decided, in order. */
  because: string[];
  /** The first word as typed when no command was found (the "unknown command" reply). */
  word?: string;
  /** Several requests on separate lines: each read on its own, in order. */
  requests?: Reading[];
  /** More requests than one message answers (the rest is pointed to `lote`). */
  dropped?: number;
}

/**
 * `reading` with `because` instead of its own, over `base` (its addressing). Object.assign, not a
 * spread: Readings come in many shapes, and V8 copies a spread of many shapes in its runtime,
 * some microseconds each, where Object.assign takes a tenth of that.
 */
export function rebased(
  reading: Reading,
  because: string[],
  base?: { readonly addressed?: Addressed; readonly prefix?: string },
): Reading {
  const out: Reading = Object.assign({}, base, reading);
  out.because = because;
  return out;
}
