import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_ZIP_BODY_BYTES } from './body.js';
import type { Dispatcher } from 'undici';

/** The only thing the client asks of a logger: pino's `debug(obj, msg)` fits. */
interface LookupLogger {
  debug(obj: object, msg?: string): void;
}

/**
 * Options of `createLookupClient`, from the config module (`config.lookup`); the client reads no
 * environment. Variable names in the docs and errors say where a value comes from in the config.
 * Secrets are never echoed in errors.
 */
export interface LookupClientOptions {
  /** Main host including its api prefix (LOOKUP_BASE_URL), e.g. `https://host/api/v1`. */
  baseUrl?: string | undefined;
  /** Bearer token of the main host (LOOKUP_TOKEN). */
  token?: string | undefined;
  /** Messaging host origin (MESSAGING_BASE_URL); optional, only `groups()` needs it. */
  messagingBaseUrl?: string | undefined;
  /** Bearer token of the messaging host (MESSAGING_TOKEN); defaults to the main token. */
  messagingToken?: string | undefined;
  /**
   * Total time one attempt may take in ms, body included (LOOKUP_TIMEOUT_MS, default 10000); also
   * the connect/headers/body-idle timeouts of the pool.
   */
  timeoutMs?: number;
  /** Retries after the first attempt (LOOKUP_RETRIES, default 2). */
  retries?: number;
  /** First backoff step in ms (default 200); doubles per retry, full jitter. */
  retryBaseMs?: number;
  /** Cap of one backoff wait in ms (default 5000). */
  retryMaxMs?: number;
  /** Longest `Retry-After` the client waits for; longer ones fail at once as rate limited (default 10000). */
  maxRetryAfterMs?: number;
  /** Largest response body read (default 2 MiB); the ZIP operations use `maxZipBodyBytes` (32 MiB). */
  maxBodyBytes?: number | undefined;
  maxZipBodyBytes?: number | undefined;
  logger?: LookupLogger;
  /** Dispatcher used for every host instead of the client's own pools (tests: MockAgent). Not closed by `close()`. */
  dispatcher?: Dispatcher;
  /** Jitter source in [0, 1); injectable for deterministic tests. */
  random?: () => number;
  /** Backoff sleep; injectable for tests. Must reject when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A host the client talks to: origin for the pool, prefix prepended to every path. */
export interface HostConfig {
  origin: string;
  prefix: string;
  token: string;
}

/** Fully validated configuration; built once per client. */
export interface ResolvedLookupOptions {
  main: HostConfig;
  messaging: HostConfig | undefined;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxRetryAfterMs: number;
  maxBodyBytes: number;
  maxZipBodyBytes: number;
  logger: LookupLogger | undefined;
  dispatcher: Dispatcher | undefined;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Bad or missing configuration; `variable` names the environment variable to fix. */
export class LookupConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'LookupConfigError';
  }
}

const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

/** Options over defaults, validated once; errors name the setting to fix. */
export function resolveLookupOptions(options: LookupClientOptions = {}): ResolvedLookupOptions {
  const pick = (value: string | undefined): string | undefined =>
    value === undefined || value.trim() === '' ? undefined : value.trim();

  const baseUrl = pick(options.baseUrl);
  if (baseUrl === undefined) {
    throw new LookupConfigError(
      'LOOKUP_BASE_URL',
      'not set; set it (or options.baseUrl) to the lookup API address including its api prefix, e.g. https://host/api/v1',
    );
  }
  const token = pick(options.token);
  if (token === undefined) {
    throw new LookupConfigError(
      'LOOKUP_TOKEN',
      'not set; set it (or options.token) to the account bearer token',
    );
  }
  const main = parseHost('LOOKUP_BASE_URL', baseUrl, token);

  const messagingUrl = pick(options.messagingBaseUrl);
  const messagingToken = pick(options.messagingToken) ?? token;
  const messaging =
    messagingUrl === undefined ? undefined : parseHost('MESSAGING_BASE_URL', messagingUrl, messagingToken);

  const timeoutMs = intOption('LOOKUP_TIMEOUT_MS', options.timeoutMs, 10_000, 1);
  const retries = intOption('LOOKUP_RETRIES', options.retries, 2, 0);
  return {
    main,
    messaging,
    timeoutMs,
    retries,
    retryBaseMs: intOption('retryBaseMs', options.retryBaseMs, 200, 0),
    retryMaxMs: intOption('retryMaxMs', options.retryMaxMs, 5_000, 0),
    maxRetryAfterMs: intOption('maxRetryAfterMs', options.maxRetryAfterMs, 10_000, 0),
    maxBodyBytes: intOption('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 1),
    maxZipBodyBytes: intOption('maxZipBodyBytes', options.maxZipBodyBytes, DEFAULT_MAX_ZIP_BODY_BYTES, 1),
    logger: options.logger,
    dispatcher: options.dispatcher,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
  };
}

function parseHost(variable: string, value: string, token: string): HostConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new LookupConfigError(variable, 'is not a valid URL; expected e.g. https://host/api/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LookupConfigError(variable, `must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new LookupConfigError(variable, 'must not carry credentials, a query or a fragment');
  }
  if (/[\r\n]/.test(token)) {
    throw new LookupConfigError(
      variable === 'LOOKUP_BASE_URL' ? 'LOOKUP_TOKEN' : 'MESSAGING_TOKEN',
      'contains a line break',
    );
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, ''), token };
}

function intOption(variable: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new LookupConfigError(variable, `must be a whole number of at least ${min}, got ${value}`);
  }
  return value;
}
