import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { bodyCap, readBodyCapped } from './body.js';
import {
  LookupBodyTooLargeError,
  LookupNetworkError,
  LookupTimeoutError,
  type OperationName,
} from './errors.js';
import type { HostConfig, ResolvedLookupOptions } from './options.js';
import { Pool } from './pool.js';

/** One request of an operation; `path` is relative to the host's api prefix. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  /** JSON text of the body (POST only). */
  body?: string;
}

/** The final answer after retries: status and full body text, for `unwrap` to judge. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** From `Retry-After` on a 429/503, in ms. */
  retryAfterMs: number | undefined;
}

/** undici `code`s meaning one of its own timers (connect, headers, body idle) fired. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/**
 * Connection-level failures: the request got no answer, so another attempt may get one; every
 * operation is a read, so retrying is safe. Any other failure is a network error, not retried.
 */
const RETRY_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENETRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);
/** Statuses worth another attempt: rate limit and gateway/unavailable. Never other 4xx. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/**
 * HTTP layer of the lookup client (not a chat transport): one keep-alive pool per origin, per-attempt timeouts,
 * capped exponential backoff with full jitter. Knows nothing of envelopes (see unwrap.ts).
 */
export class LookupHttp {
  readonly #options: ResolvedLookupOptions;
  readonly #pools = new Map<string, Pool>();
  readonly #headers = new Map<HostConfig, { get: Record<string, string>; post: Record<string, string> }>();

  constructor(options: ResolvedLookupOptions) {
    this.#options = options;
  }

  /**
   * Sends `request` to `host`, retrying what is retryable. Each attempt has a total deadline of
   * `timeoutMs`; throws only LookupNetworkError/LookupTimeoutError/LookupBodyTooLargeError, or
   * the caller's abort reason.
   */
  async send(
    operation: OperationName,
    host: HostConfig,
    request: HttpRequest,
    signal?: AbortSignal,
  ): Promise<RawResponse> {
    const { retries, timeoutMs, logger } = this.#options;
    const dispatcher = this.#dispatcher(host.origin);
    const headers = this.#headersFor(host);
    const options: Dispatcher.RequestOptions = {
      origin: host.origin,
      path: host.prefix + request.path,
      method: request.method,
      headers: request.body === undefined ? headers.get : headers.post,
      body: request.body ?? null,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    };
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      // undici's body timeout is an idle timer: a dripped body could outlive it forever.
      const deadline = attemptDeadline(timeoutMs);
      let waitMs: number;
      try {
        // The caller's signal goes to undici only when there is one: an AbortSignal per request
        // costs undici noticeable CPU (measured ~25% per call on loopback), and the deadline needs none.
        const response = await deadline.race(dispatcher.request(signal ? { ...options, signal } : options));
        deadline.guard(response.body);
        const status = response.statusCode;
        const retryAfterMs = RETRY_STATUSES.has(status)
          ? parseRetryAfter(response.headers['retry-after'])
          : undefined;
        const retry = RETRY_STATUSES.has(status) && attempt < retries;
        if (!retry || (retryAfterMs !== undefined && retryAfterMs > this.#options.maxRetryAfterMs)) {
          const cap = bodyCap(operation, this.#options);
          const text = await readBodyCapped(
            operation,
            response.body,
            cap,
            response.headers['content-length'],
          );
          logger?.debug(
            { op: operation, attempt: attempt + 1, status, durationMs: since(started) },
            'lookup attempt',
          );
          return { status, headers: response.headers, text, retryAfterMs };
        }
        await response.body.dump();
        logger?.debug(
          { op: operation, attempt: attempt + 1, status, durationMs: since(started) },
          'lookup attempt',
        );
        waitMs = retryAfterMs ?? this.#backoff(attempt);
      } catch (error) {
        if (signal?.aborted || error instanceof LookupBodyTooLargeError) throw error;
        const failure = classify(operation, error, deadline.expired(), timeoutMs);
        logger?.debug(
          { op: operation, attempt: attempt + 1, code: failure.code, durationMs: since(started) },
          'lookup attempt',
        );
        if (!failure.retryable || attempt >= retries) throw failure.error;
        waitMs = this.#backoff(attempt);
      } finally {
        deadline.dispose();
      }
      await this.#options.sleep(waitMs, signal);
    }
  }

  /** Closes the pools the transport created; an injected dispatcher belongs to the caller. */
  async close(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  /** Full jitter: uniform in [0, min(max, base * 2^attempt)). */
  #backoff(attempt: number): number {
    const { retryBaseMs, retryMaxMs, random } = this.#options;
    const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** attempt);
    return Math.floor(random() * ceiling);
  }

  #dispatcher(origin: string): Dispatcher {
    if (this.#options.dispatcher) return this.#options.dispatcher;
    let pool = this.#pools.get(origin);
    if (!pool) {
      const timeout = this.#options.timeoutMs;
      pool = new Pool(origin, {
        connect: { timeout },
        headersTimeout: timeout,
        bodyTimeout: timeout,
        keepAliveTimeout: 10_000,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  #headersFor(host: HostConfig): { get: Record<string, string>; post: Record<string, string> } {
    let headers = this.#headers.get(host);
    if (!headers) {
      const get = { authorization: `Bearer ${host.token}`, accept: 'application/json' };
      headers = { get, post: { ...get, 'content-type': 'application/json' } };
      this.#headers.set(host, headers);
    }
    return headers;
  }
}

/** `Retry-After` as delta-seconds or HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number.parseFloat(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A failed attempt as a typed error, and whether another attempt may help. */
interface Failure {
  error: LookupTimeoutError | LookupNetworkError;
  retryable: boolean;
  code: string | undefined;
}

/**
 * Every failure except a caller abort lands in the typed tree: timeouts (ours or undici's) and
 * connection-level errors are retried; anything else (closed pool, length mismatch...) is not.
 */
function classify(operation: OperationName, error: unknown, expired: boolean, timeoutMs: number): Failure {
  const code = expired ? 'LOOKUP_DEADLINE' : errorCode(error);
  if (expired || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return { error: new LookupTimeoutError(operation, timeoutMs, { cause: error }), retryable: true, code };
  }
  const retryable = code !== undefined && RETRY_NETWORK_CODES.has(code);
  return { error: new LookupNetworkError(operation, code, { cause: error }), retryable, code };
}

/** The error's `code`, or its cause's (some wrappers keep the system error there). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; depth < 3; depth++) {
    if (typeof current !== 'object' || current === null) return undefined;
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/**
 * Per-attempt total deadline without an AbortSignal: while waiting for the headers it rejects the
 * race (the late response, if any, is dumped); while reading the body it destroys the stream.
 */
interface AttemptDeadline {
  race<T extends { body: { dump(): Promise<void> } }>(request: Promise<T>): Promise<T>;
  guard(body: { destroy(error?: Error): unknown }): void;
  expired(): boolean;
  /** Clears the timer; call once the attempt is over. */
  dispose(): void;
}

function attemptDeadline(timeoutMs: number): AttemptDeadline {
  let expired = false;
  let onExpire: ((error: Error) => void) | undefined;
  const timer = setTimeout(() => {
    expired = true;
    onExpire?.(new DOMException(`attempt exceeded ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  return {
    race(request) {
      return new Promise((resolve, reject) => {
        onExpire = (error) => {
          reject(error);
          request.then(
            (late) => late.body.dump().catch(() => undefined),
            () => undefined,
          );
        };
        request.then(resolve, reject);
      });
    },
    guard(body) {
      onExpire = (error) => body.destroy(error);
    },
    expired: () => expired,
    dispose() {
      clearTimeout(timer);
      onExpire = undefined;
    },
  };
}

function since(started: number): number {
  return Math.round(performance.now() - started);
}
