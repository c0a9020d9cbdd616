import type { WhatsAppStatus } from './types.js';

/**
 * The reconnect policy of the Baileys v7 notes as one pure function: given the close code and
 * the counters so far, what to do next. Baileys never reconnects by itself; the transport's loop
 * applies these decisions with exactly one socket at a time.
 *
 * | code            | action                                                                   |
 * |-----------------|--------------------------------------------------------------------------|
 * | 515             | reconnect now (after pairing); more than `maxRestarts` in a row: backoff |
 * | 401             | stop, clear the auth store, ask to pair again                            |
 * | 411             | stop, clear the auth store, pair again (multi-device mismatch)           |
 * | 403             | stop and alert (restricted / banned); the session is kept                |
 * | 405             | stop: the WA Web version was rejected, set CHASQUI_WA_VERSION            |
 * | 440             | replaced by another socket: long backoff + alert, stop after N; the      |
 * |                 | count survives stable opens and is forgotten after an hour without a 440 |
 * | 500             | backoff; never wipe the session                                          |
 * | 408/428/503/... | exponential backoff with jitter, capped; counters reset after a stable open |
 */

export type StopReason =
  'logged-out' | 'multidevice-mismatch' | 'forbidden' | 'version-rejected' | 'replaced' | 'gave-up';

export type ReconnectReason = 'restart-required' | 'replaced' | 'bad-session' | 'connection';

export interface PolicyState {
  /** Consecutive closes without a stable open (backoff exponent). */
  failures: number;
  /**
   * 440 closes not yet forgotten. NOT reset by a stable open (a rival client replacing us every
   * few minutes always lets us open first); forgotten after `replacedDecayMs` without a 440.
   */
  replaced: number;
  /** When the last 440 happened (ms since the epoch), for the decay. */
  lastReplacedAt?: number;
  /** 515 closes in a row. */
  restarts: number;
}

export interface PolicyOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Base wait after a 440, multiplied by how many 440s happened in a row. */
  replacedDelayMs: number;
  maxReplaced: number;
  /** A quiet period without any 440 after which past 440s are forgotten (default 1 h). */
  replacedDecayMs: number;
  maxRestarts: number;
  /** Consecutive failed connections before giving up (reported; a supervisor may restart). */
  maxFailures: number;
}

export const DEFAULT_POLICY: PolicyOptions = {
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
  replacedDelayMs: 5 * 60_000,
  maxReplaced: 3,
  replacedDecayMs: 60 * 60_000,
  maxRestarts: 5,
  maxFailures: 100,
};

export type Decision =
  | {
      action: 'reconnect';
      reason: ReconnectReason;
      delayMs: number;
      /** Consecutive attempt number for reporting. */
      attempt: number;
      /** True when an operator should look (440). */
      alert: boolean;
      state: PolicyState;
    }
  | { action: 'stop'; reason: StopReason; clearAuth: boolean; state: PolicyState };

export const INITIAL_POLICY_STATE: PolicyState = { failures: 0, replaced: 0, restarts: 0 };

/** Exponential backoff, capped, with "equal jitter" (half fixed, half random). */
export function backoffDelay(failures: number, options: PolicyOptions, random: () => number): number {
  const exp = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/**
 * Decides what follows a close. `stableOpen`: the socket that closed had been open long enough
 * to count as healthy, so the backoff and 515 counters start again from zero; the 440 count
 * does not (it decays with time instead). `now`: ms since the epoch.
 */
export function decideReconnect(
  code: number | undefined,
  previous: PolicyState,
  stableOpen: boolean,
  options: PolicyOptions = DEFAULT_POLICY,
  random: () => number = Math.random,
  now: number = Date.now(),
): Decision {
  const state: PolicyState = stableOpen ? { ...previous, failures: 0, restarts: 0 } : { ...previous };
  if (state.lastReplacedAt !== undefined && now - state.lastReplacedAt >= options.replacedDecayMs) {
    state.replaced = 0;
    delete state.lastReplacedAt;
  }
  const stop = (reason: StopReason, clearAuth = false): Decision => ({
    action: 'stop',
    reason,
    clearAuth,
    state,
  });

  switch (code) {
    case 401:
      return stop('logged-out', true);
    case 411:
      return stop('multidevice-mismatch', true);
    case 403:
      return stop('forbidden');
    case 405:
      return stop('version-rejected');
    case 515:
      state.restarts += 1;
      if (state.restarts <= options.maxRestarts) {
        return {
          action: 'reconnect',
          reason: 'restart-required',
          delayMs: 0,
          attempt: state.restarts,
          alert: false,
          state,
        };
      }
      break;
    case 440:
      state.replaced += 1;
      state.lastReplacedAt = now;
      if (state.replaced > options.maxReplaced) return stop('replaced');
      return {
        action: 'reconnect',
        reason: 'replaced',
        delayMs: options.replacedDelayMs * state.replaced,
        attempt: state.replaced,
        alert: true,
        state,
      };
    default:
      // Any other code (408, 428, 500, 503, none): a failed connection, retried with backoff below.
      break;
  }
  if (code !== 515) state.restarts = 0;
  state.failures += 1;
  if (state.failures > options.maxFailures) return stop('gave-up');
  return {
    action: 'reconnect',
    reason: code === 500 ? 'bad-session' : 'connection',
    delayMs: backoffDelay(state.failures, options, random),
    attempt: state.failures,
    alert: false,
    state,
  };
}

/** The HTTP-like status Baileys puts on a close error (a Boom), if any. */
export function closeStatusCode(error: unknown): number | undefined {
  const output = (error as { output?: { statusCode?: unknown } } | undefined)?.output;
  return typeof output?.statusCode === 'number' ? output.statusCode : undefined;
}

const CONNECTION_CODES = new Set([408, 428, 503]);

/**
 * A send error that is the connection's fault, not the message's: Boom 408 (timed out), 428
 * (connection closed) or 503 (unavailable), or Baileys' "Connection Closed" / "Timed Out" text.
 * The outbox retries these when the connection allows and never counts them as failures.
 */
export function isConnectionProblem(error: unknown): boolean {
  const code = closeStatusCode(error);
  if (code !== undefined && CONNECTION_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /connection closed|timed out/i.test(message);
}

/** The status (and log line) of a reconnect decision: a 515 restart is quiet, the rest is reported. */
export function reconnectStatus(
  decision: Extract<Decision, { action: 'reconnect' }>,
  code: number | undefined,
): { status: WhatsAppStatus; level: 'debug' | 'warn' | 'error' } {
  if (decision.reason === 'restart-required') return { status: { kind: 'restarting' }, level: 'debug' };
  const { reason, delayMs, attempt, alert } = decision;
  return {
    status: { kind: 'reconnecting', reason, code, delayMs, attempt, alert },
    level: alert ? 'error' : 'warn',
  };
}
