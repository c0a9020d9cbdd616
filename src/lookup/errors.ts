/**
 * The lookup client's error tree. Every failure carries the operation name so that logs and user
 * replies can say what failed; none ever carries the bearer token or the tax-portal password.
 */
import type { OperationName } from './operations.js';

export type { OperationName };

export abstract class LookupError extends Error {
  abstract readonly kind: string;
  constructor(
    readonly operation: OperationName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${operation}: ${message}`, options);
    this.name = new.target.name;
  }
}

/**
 * What kind of failure a lookup ended in (`timeout`, `credits`…; `error` for anything else), for
 * logs and templates: never a secret or a personal identifier.
 */
export function failureKind(error: unknown): string {
  if (error instanceof LookupError) return error.kind;
  return 'error';
}

/** `success: false` with one of the fixed not-found texts of spec Part 7; `upstreamMessage` is verbatim. */
export class LookupNotFoundError extends LookupError {
  readonly kind = 'not_found' as const;
  constructor(
    operation: OperationName,
    readonly upstreamMessage: string,
  ) {
    super(operation, `not found (${upstreamMessage})`);
  }
}

/** `success: false` with any other message (e.g. `Bad Request`). */
export class LookupRejectedError extends LookupError {
  readonly kind = 'rejected' as const;
  constructor(
    operation: OperationName,
    readonly upstreamMessage: string,
    readonly status: number,
  ) {
    super(operation, `rejected with HTTP ${status}: ${upstreamMessage}`);
  }
}

/** 401/403, or a message about the token: an admin must check LOOKUP_TOKEN. */
export class LookupUnauthorizedError extends LookupError {
  readonly kind = 'unauthorized' as const;
  constructor(
    operation: OperationName,
    readonly status: number,
    readonly upstreamMessage: string,
  ) {
    super(operation, `unauthorized (HTTP ${status}): ${upstreamMessage}`);
  }
}

/** 402, or a message about credits or the plan: an admin must top up; nothing else will succeed. */
export class LookupCreditsError extends LookupError {
  readonly kind = 'credits' as const;
  constructor(
    operation: OperationName,
    readonly status: number,
    readonly upstreamMessage: string,
  ) {
    super(operation, `credits exhausted (HTTP ${status}): ${upstreamMessage}`);
  }
}

/** HTTP 429 after the retries ran out. `retryAfterMs` comes from `Retry-After` when present. */
export class LookupRateLimitedError extends LookupError {
  readonly kind = 'rate_limited' as const;
  constructor(
    operation: OperationName,
    readonly retryAfterMs: number | undefined,
  ) {
    super(operation, `rate limited${retryAfterMs === undefined ? '' : ` (retry after ${retryAfterMs} ms)`}`);
  }
}

/** Any other non-2xx status without a usable failure envelope (5xx after retries, odd 4xx). */
export class LookupHttpError extends LookupError {
  readonly kind = 'http' as const;
  constructor(
    operation: OperationName,
    readonly status: number,
    detail?: string,
  ) {
    super(operation, `HTTP ${status}${detail ? `: ${detail}` : ''}`);
  }
}

/** Connection refused/reset, DNS failure, socket closed: the request never got an answer. */
export class LookupNetworkError extends LookupError {
  readonly kind = 'network' as const;
  constructor(
    operation: OperationName,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(operation, `network failure${code ? ` (${code})` : ''}`, options);
  }
}

/** Connect, headers or body timeout of the last attempt. */
export class LookupTimeoutError extends LookupError {
  readonly kind = 'timeout' as const;
  constructor(
    operation: OperationName,
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(operation, `timed out after ${timeoutMs} ms`, options);
  }
}

/** The body was not JSON, or did not match the operation's schema. `path` names the bad field. */
export class LookupSchemaError extends LookupError {
  readonly kind = 'schema' as const;
  constructor(
    operation: OperationName,
    readonly path: string,
    detail: string,
  ) {
    super(operation, `unexpected response at ${path || '(root)'}: ${detail}`);
  }
}

/** The answer was larger than the configured cap (lookup.maxBodyBytes / maxZipBodyBytes); not retried. */
export class LookupBodyTooLargeError extends LookupError {
  readonly kind = 'too_large' as const;
  constructor(
    operation: OperationName,
    readonly maxBytes: number,
  ) {
    super(operation, `response body larger than ${maxBytes} bytes`);
  }
}
