import { BudgetExceededError } from '../budget/errors.js';
import { type ErrorId, UserError } from '../errors/user-error.js';
import {
  LookupCreditsError,
  LookupError,
  LookupNotFoundError,
  LookupRejectedError,
  LookupSchemaError,
  LookupUnauthorizedError,
} from '../lookup/errors.js';
import type { Outcome } from './outcome.js';

/**
 * The one error classifier: anything a command throws → the template the user sees, the outcome
 * logged, the log level and message, and the ops alert when an admin must act. Users only ever
 * see templated Spanish; stack traces and field paths go to the log, never values users typed.
 */
export interface Classified {
  readonly template: `errors/${ErrorId}`;
  readonly data: Record<string, unknown>;
  readonly outcome: Outcome;
  /** Machine-readable cause for the log (`user`, a lookup error's kind, `budget`, `internal`). */
  readonly kind: string;
  readonly level: 'debug' | 'warn' | 'error';
  readonly message: string;
  /** An admin must act: the `alert` field the ops watchers pick up from the log. */
  readonly alert?: 'lookup-credits' | 'lookup-unauthorized';
  /** Fields for the log line (operation, status, schema path; never a value typed by a user). */
  readonly fields: Record<string, unknown>;
  /** Logged with the error itself (stack), for failures of our own code. */
  readonly withError?: boolean;
}

type Rule = (error: unknown) => Classified | undefined;

const lookupFields = (error: LookupError) => ({ operation: error.operation, kind: error.kind });
const unavailable = (error: LookupError, template: `errors/${ErrorId}` = 'errors/lookup-unavailable') => ({
  template,
  data: {},
  outcome: 'failed' as const,
  kind: error.kind,
  level: 'warn' as const,
  message: 'lookup failed',
  fields: lookupFields(error),
});

/** The table, most specific first; the last rule takes anything. */
const RULES: readonly Rule[] = [
  (e) =>
    e instanceof UserError
      ? {
          template: `errors/${e.identifier}`,
          data: e.data,
          outcome: 'invalid',
          kind: 'user',
          level: 'debug',
          message: 'user error',
          fields: { error: e.identifier },
        }
      : undefined,
  (e) =>
    e instanceof LookupCreditsError
      ? {
          template: 'errors/lookup-credits',
          data: {},
          outcome: 'failed',
          kind: 'credits',
          level: 'error',
          message: 'ALERT: lookup API credits exhausted; an admin must top up the plan',
          alert: 'lookup-credits',
          fields: { operation: e.operation, status: e.status },
        }
      : undefined,
  (e) =>
    e instanceof LookupUnauthorizedError
      ? {
          template: 'errors/lookup-unauthorized',
          data: {},
          outcome: 'failed',
          kind: e.kind,
          level: 'error',
          message: 'ALERT: lookup API refused the token; an admin must check LOOKUP_TOKEN (wrong or expired)',
          alert: 'lookup-unauthorized',
          fields: { operation: e.operation, status: e.status },
        }
      : undefined,
  (e) =>
    e instanceof LookupNotFoundError
      ? { ...unavailable(e, 'errors/lookup-not-found'), data: { message: e.upstreamMessage }, outcome: 'ok' }
      : undefined,
  (e) =>
    e instanceof LookupRejectedError
      ? {
          ...unavailable(e, 'errors/lookup-rejected'),
          data: { message: e.upstreamMessage },
          outcome: 'invalid',
        }
      : undefined,
  // The field path only (e.g. data.ruc), never the value: the API changed shape.
  (e) =>
    e instanceof LookupSchemaError
      ? {
          ...unavailable(e),
          message: 'lookup answer did not match the schema',
          fields: { ...lookupFields(e), field: e.path },
        }
      : undefined,
  (e) =>
    e instanceof LookupError && e.kind === 'too_large'
      ? unavailable(e, 'errors/lookup-too-large')
      : undefined,
  (e) =>
    e instanceof LookupError && e.kind === 'rate_limited'
      ? unavailable(e, 'errors/lookup-rate-limited')
      : undefined,
  // http, network, timeout: the service is down or slow; the user can only wait.
  (e) => (e instanceof LookupError ? unavailable(e) : undefined),
  (e) =>
    e instanceof BudgetExceededError
      ? {
          template: 'errors/budget-exceeded',
          data: { diario: e.period === 'day', grupo: e.scope !== 'overall' },
          outcome: 'denied',
          kind: 'budget',
          level: 'debug',
          message: 'budget reached',
          fields: { period: e.period, scope: e.scope },
        }
      : undefined,
];

const INTERNAL: Classified = {
  template: 'errors/internal',
  data: {},
  outcome: 'failed',
  kind: 'internal',
  level: 'error',
  message: 'command failed',
  fields: {},
  withError: true,
};

/** Classifies anything thrown while handling a message (see the module comment). */
export function classify(error: unknown): Classified {
  for (const rule of RULES) {
    const found = rule(error);
    if (found) return found;
  }
  return INTERNAL;
}
