import { LookupCreditsError } from '../lookup/errors.js';
import type { LookupMiddleware } from '../lookup/call.js';
import type { WhatsAppStatus } from '../transports/whatsapp/index.js';
import { limaClockTime, limaDate } from '../time/lima.js';
import type { Alerts } from './alerts.js';

/**
 * Turns what already happens into alerts without touching the features themselves: transport
 * statuses (logout, forbidden, version rejected, repeated 440...), credits-exhausted errors of
 * the lookup API, and scheduled runs that ended 'failed' in the store.
 */

/** Raises the alert a transport status calls for, if any. */
export function alertOnStatus(alerts: Alerts, status: WhatsAppStatus): void {
  if (status.kind === 'restriction' && status.change) {
    // At its start and at its end only: a restart or a new question does not repeat it.
    alerts.raise('whatsapp-restricted', {
      phase: status.change,
      until: status.change === 'started' && status.until !== undefined ? limaText(status.until) : undefined,
      enforcement: status.change === 'started' ? status.enforcement : undefined,
    });
  } else if (status.kind === 'stopped' && status.reason !== 'shutdown') {
    alerts.raise(status.reason, { code: status.code });
  } else if (status.kind === 'reconnecting' && status.alert) {
    alerts.raise('replaced', {
      code: status.code,
      attempt: status.attempt,
      retryInSeconds: Math.round(status.delayMs / 1000),
    });
  }
}

/**
 * An upstream lookup middleware: a credits-exhausted answer raises an alert (at most once an
 * hour); the error still reaches the caller.
 */
export function alertOnCredits(alerts: Alerts, now: () => number = Date.now): LookupMiddleware {
  let lastAt = Number.NEGATIVE_INFINITY;
  return async (call, next) => {
    try {
      return await next(call);
    } catch (error) {
      if (error instanceof LookupCreditsError && now() - lastAt > 3_600_000) {
        lastAt = now();
        alerts.raise('credits-exhausted', { operation: error.operation, status: error.status });
      }
      throw error;
    }
  };
}

/** The scheduler's failed runs (`ScheduleStore.failedSince`, src/scheduler/store.ts owns the table). */
export interface FailedRuns {
  failedSince(sinceMs: number): readonly { key: string; date: string; note?: string; at: Date }[];
}

/** Polls the scheduler's runs for those that ended 'failed' since the watcher started; returns stop(). */
export function watchScheduleFailures(
  runs: FailedRuns,
  alerts: Alerts,
  options: { intervalMs?: number; now?: () => number } = {},
): { check(): void; stop(): void } {
  let since = (options.now ?? Date.now)();
  const check = () => {
    for (const run of runs.failedSince(since)) {
      since = Math.max(since, run.at.getTime());
      const [chatId, job, spec] = run.key.split('|');
      alerts.raise('schedule-failed', { group: chatId, job, spec, date: run.date, note: run.note ?? '' });
    }
  };
  const timer = setInterval(check, options.intervalMs ?? 60_000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}

/** `2026-11-20 18:30`: a Lima wall time for alert details and terminal lines (no words). */
export function limaText(ms: number): string {
  const at = new Date(ms);
  return `${limaDate(at)} ${limaClockTime(at)}`;
}

/**
 * Retry receipts per group (`receipt type=retry`: a member's device could not decrypt our message
 * and asks for it again). A few are normal; many in an hour mean members stuck on «Esperando el
 * mensaje» (a sender key that did not reach them): the `whatsapp-retries` alert, at most once an
 * hour per group.
 */
export function watchRetryReceipts(
  alerts: Alerts,
  options: { perHour: number; now?: () => number },
): { record(chatId: string): void } {
  const now = options.now ?? Date.now;
  const recent = new Map<string, number[]>();
  const alerted = new Map<string, number>();
  const HOUR = 3_600_000;
  return {
    record(chatId) {
      const at = now();
      // Only the last `perHour` times matter: the oldest of them tells whether they fit in an hour.
      const times = [...(recent.get(chatId) ?? []).filter((t) => t > at - HOUR), at].slice(-options.perHour);
      recent.set(chatId, times);
      if (times.length < options.perHour || at - (alerted.get(chatId) ?? Number.NEGATIVE_INFINITY) < HOUR)
        return;
      alerted.set(chatId, at);
      alerts.raise('whatsapp-retries', { group: chatId, lastHour: times.length });
    },
  };
}
