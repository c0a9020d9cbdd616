import {
  LookupError,
  LookupNotFoundError,
  LookupRejectedError,
  LookupUnauthorizedError,
} from '../lookup/errors.js';
import { BudgetExceededError } from '../budget/errors.js';
import { MAX_TEXT_LENGTH } from '../transports/transport.js';
import type { Outcome } from './outcome.js';
import { type ErrorId, UserError } from '../input/user-error.js';

/**
 * Maps anything a command throws to the template the user sees and the outcome logged. Users
 * only ever see templated Spanish; stack traces go to the log.
 */
export interface ErrorReply {
  template: `errors/${ErrorId}`;
  data: Record<string, unknown>;
  outcome: Outcome;
  /** Machine-readable cause for the log (lookup error kind, 'user', 'internal'). */
  kind: string;
}

/** The one text not in a template: used only when even `errors/internal` cannot be rendered. */
export const LAST_RESORT_TEXT = 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.';

export function errorReply(error: unknown): ErrorReply {
  if (error instanceof UserError) {
    return { template: `errors/${error.identifier}`, data: error.data, outcome: 'invalid', kind: 'user' };
  }
  if (error instanceof LookupError) return lookupErrorReply(error);
  if (error instanceof BudgetExceededError) {
    const data = { diario: error.period === 'day', grupo: error.scope !== 'overall' };
    return { template: 'errors/budget-exceeded', data, outcome: 'denied', kind: 'budget' };
  }
  return { template: 'errors/internal', data: {}, outcome: 'failed', kind: 'internal' };
}

function lookupErrorReply(error: LookupError): ErrorReply {
  const kind = error.kind;
  if (error instanceof LookupNotFoundError) {
    return {
      template: 'errors/lookup-not-found',
      data: { message: error.upstreamMessage },
      outcome: 'ok',
      kind,
    };
  }
  if (error instanceof LookupRejectedError) {
    const data = { message: error.upstreamMessage };
    return { template: 'errors/lookup-rejected', data, outcome: 'invalid', kind };
  }
  if (error instanceof LookupUnauthorizedError) {
    if (error.creditsExhausted) {
      return { template: 'errors/lookup-credits', data: {}, outcome: 'failed', kind: 'credits' };
    }
    return { template: 'errors/lookup-unauthorized', data: {}, outcome: 'failed', kind };
  }
  if (kind === 'too_large') return { template: 'errors/lookup-too-large', data: {}, outcome: 'failed', kind };
  if (kind === 'rate_limited')
    return { template: 'errors/lookup-rate-limited', data: {}, outcome: 'failed', kind };
  // http, network, timeout, schema: the service is down, slow or changed; the user can only wait.
  return { template: 'errors/lookup-unavailable', data: {}, outcome: 'failed', kind };
}

/**
 * The example shown under a user error, chosen in this one place from the command's declared
 * `examples`: the one the error names (`UserError` option `example`), else the first example
 * with arguments (`tc 20/11/2026` rather than a bare `tc`).
 */
export function exampleFor(examples: readonly string[], error: unknown): string | undefined {
  const named =
    error instanceof UserError && error.example !== undefined ? examples[error.example] : undefined;
  return named ?? examples.find((text) => /\S\s+\S/u.test(text.trim())) ?? examples[0];
}

/** Cuts a reply to WhatsApp's limit, ending in "…" and never splitting a surrogate pair. */
export function cutText(text: string, max = MAX_TEXT_LENGTH): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
