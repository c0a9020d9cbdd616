/**
 * Public contract of the sandbox (brief: H2). Kept apart from the server so tests and other
 * modules can import the types without pulling in node:http.
 */

import type { CoerciveDebt, Taxpayer } from '../lookup/schemas/index.js';

/** Options of `startSandbox`; every field has a sensible default for tests and the CLI. */
export interface SandboxOptions {
  /** TCP port; 0 (default) picks any free port. */
  port?: number;
  /** Interface to bind; default '127.0.0.1' (loopback only). */
  host?: string;
  /** Bearer token both hosts accept; default 'sandbox-token'. */
  token?: string;
  /** Path prefix of the lookup API inside the base URL; default '/api/v1'. */
  apiPrefix?: string;
  /** Clock used for "today" (exchange rates, pension periods); default the system clock. */
  now?: () => Date;
  /** Lima time ('HH:MM') at which the day's exchange rate appears (and BCRP's close of the day before); default '00:00'. */
  ratePublishedAt?: string;
  /** Good rows of the generated padrón at `padronUrl` (default 20,000; `?rows=` overrides). */
  padronRows?: number;
}

/** One request as the sandbox saw it. The Authorization header is never kept; a body password is redacted. */
export interface SandboxRequest {
  method: string;
  /** Full path without query string, prefix included (e.g. '/api/v1/ruc'). */
  path: string;
  /** Parsed JSON body (undefined for GET or unparseable bodies), `password` replaced by '[redacted]'. */
  body: unknown;
  /** When it arrived, by the sandbox clock (`now` option). */
  at: Date;
}

export type FaultKind =
  'latency' | 'status' | 'rate-limit' | 'malformed-json' | 'schema-break' | 'reset' | 'credits';

/** A fault to inject: matched by path (exact, or prefix when it ends with '*'), consumed `times` times. */
export interface FaultSpec {
  /** Path relative to the api prefix ('/ruc') or full path ('/group/all'); absent = any request. */
  path?: string;
  kind: FaultKind;
  /** For 'status': the HTTP status to answer (default 503). */
  status?: number;
  /** For 'latency' (and as an extra delay for any kind): milliseconds to wait first. */
  delayMs?: number;
  /** For 'rate-limit': the Retry-After value in seconds (default 1). */
  retryAfterSeconds?: number;
  /** How many matching requests it applies to (default 1; Infinity = until cleared). */
  times?: number;
}

/** A running sandbox; `close()` frees the port. */
export interface SandboxHandle {
  /** Origin plus api prefix, e.g. http://127.0.0.1:41234/api/v1 (LOOKUP_BASE_URL). */
  baseUrl: string;
  /** Origin of the messaging host (MESSAGING_BASE_URL); GET /group/all lives there. */
  messagingUrl: string;
  /** SUNAT's padrón reducido del RUC as a generated ZIP of fictional rows (no token needed). */
  padronUrl: string;
  token: string;
  requests: readonly SandboxRequest[];
  /** Number of recorded requests whose path ends with `pathSuffix` (all when omitted). */
  requestCount(pathSuffix?: string): number;
  resetRequests(): void;
  injectFault(fault: FaultSpec): void;
  /**
   * Changes a taxpayer from now on (a RUC the fixtures lack gets an invented ACTIVO/HABIDO record
   * with no debt): watch-list tests and benchmarks. Also `POST /__sandbox/taxpayer` with
   * `{"ruc", "taxpayer": {...}, "coerciveDebt": [...]}` and the bearer token.
   */
  setTaxpayer(ruc: string, taxpayer: Partial<Taxpayer>): void;
  setCoerciveDebt(ruc: string, debts: CoerciveDebt[]): void;
  clearOverrides(): void;
  clearFaults(): void;
  close(): Promise<void>;
}
