import { LookupCreditsError } from '../lookup/errors.js';
import type { LookupMiddleware } from '../lookup/call.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { WhatsAppStatus } from '../transports/whatsapp/index.js';
import type { Alerts } from './alerts.js';

/**
 * Turns what already happens into alerts without touching the features themselves: transport
 * statuses (logout, forbidden, version rejected, repeated 440...), credits-exhausted errors of
 * the lookup API, and scheduled runs that ended 'failed' in the store.
 */

/** Raises the alert a transport status calls for, if any. */
export function alertOnStatus(alerts: Alerts, status: WhatsAppStatus): void {
  if (status.kind === 'stopped' && status.reason !== 'shutdown') {
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

/** Polls `schedule_runs` for runs that ended 'failed' since the watcher started; returns stop(). */
export function watchScheduleFailures(
  db: SqliteDatabase,
  alerts: Alerts,
  options: { intervalMs?: number; now?: () => number } = {},
): { check(): void; stop(): void } {
  const query = db.prepare<
    [number],
    { schedule_key: string; run_date: string; detail: string | null; at: number }
  >(
    "SELECT schedule_key, run_date, detail, at FROM schedule_runs WHERE status = 'failed' AND at > ? ORDER BY at",
  );
  let since = (options.now ?? Date.now)();
  const check = () => {
    for (const row of query.all(since)) {
      since = Math.max(since, row.at);
      const [chatId, job, spec] = row.schedule_key.split('|');
      let note = row.detail ?? '';
      try {
        note = (JSON.parse(note) as { note?: string }).note ?? note;
      } catch {
        // plain text detail
      }
      alerts.raise('schedule-failed', { group: chatId, job, spec, date: row.run_date, note });
    }
  };
  const timer = setInterval(check, options.intervalMs ?? 60_000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
