import type { IncomingHttpHeaders } from 'node:http';
import { type Dispatcher, Pool } from 'undici';
import { LookupNetworkError, LookupTimeoutError, type OperationName } from './errors.js';
import type { HostConfig, ResolvedLookupOptions } from './options.js';

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

/** undici `code`s meaning the attempt ran out of time. */
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
/** Codes meaning the request got no answer; every operation is a read, so retrying is safe. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'UND_ERR_SOCKET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** Statuses worth another attempt: rate limit and gateway/unavailable. Never other 4xx. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Transport of the lookup client: one keep-alive pool per origin, per-attempt timeouts,
 * capped exponential backoff with full jitter. Knows nothing of envelopes (see unwrap.ts).
 */
export class HttpTransport {
  readonly #options: ResolvedLookupOptions;
  readonly #pools = new Map<string, Pool>();
  readonly #headers = new Map<HostConfig, { get: Record<string, string>; post: Record<string, string> }>();

  constructor(options: ResolvedLookupOptions) {
    this.#options = options;
  }

  /** Sends `request` to `host`, retrying what is retryable; throws only network/timeout errors. */
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
      signal: signal ?? null,
    };
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let waitMs: number;
      try {
        const response = await dispatcher.request(options);
        const status = response.statusCode;
        const retryAfterMs = RETRY_STATUSES.has(status)
          ? parseRetryAfter(response.headers['retry-after'])
          : undefined;
        const retry = RETRY_STATUSES.has(status) && attempt < retries;
        if (!retry || (retryAfterMs !== undefined && retryAfterMs > this.#options.maxRetryAfterMs)) {
          const text = await response.body.text();
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
        if (signal?.aborted) throw error;
        const code = errorCode(error);
        const timedOut = code !== undefined && TIMEOUT_CODES.has(code);
        if (!timedOut && (code === undefined || !(NETWORK_CODES.has(code) || isSystemCode(code))))
          throw error;
        logger?.debug(
          { op: operation, attempt: attempt + 1, code, durationMs: since(started) },
          'lookup attempt',
        );
        const retryable = timedOut || NETWORK_CODES.has(code);
        if (!retryable || attempt >= retries) {
          throw timedOut
            ? new LookupTimeoutError(operation, timeoutMs, { cause: error })
            : new LookupNetworkError(operation, code, { cause: error });
        }
        waitMs = this.#backoff(attempt);
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

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

/** Other socket-level errors (`EHOSTUNREACH`, `UND_ERR_CLOSED`...) are network failures, not retried. */
function isSystemCode(code: string): boolean {
  return /^E[A-Z]+$/.test(code) || code === 'UND_ERR_CLOSED' || code === 'UND_ERR_DESTROYED';
}

function since(started: number): number {
  return Math.round(performance.now() - started);
}
