import type { Logger } from 'pino';
import type { LookupApi } from '../lookup/api.js';
import { LookupError } from '../lookup/errors.js';
import { directChat } from '../transports/ids.js';
import type { OutgoingMessage } from '../transports/transport.js';
import type { Clock } from './clock.js';
import type { Due } from './due.js';
import type { JobFreeSources, JobResult, ScheduledJob, TemplateRenderer } from './job.js';
import type { ScheduleStore } from './store.js';

export interface RunnerDeps {
  store: ScheduleStore;
  /** The posts schedules can run, by name (the features' `jobs`). */
  jobs: ReadonlyMap<string, ScheduledJob>;
  lookup: (chatId: string) => LookupApi;
  templates: TemplateRenderer;
  send: (chatId: string, message: OutgoingMessage) => Promise<void>;
  log: Logger;
  clock: Clock;
  /** Retries (lookup failures and "not published yet") before giving up. */
  retries: number;
  retryIntervalMinutes: number;
  /** Admin phone numbers (digits) told when a post fails for good. */
  admins: readonly string[];
  groupNames: ReadonlyMap<string, string>;
  /** Extra holidays ('YYYY-MM-DD') from config `scheduler.holidays`. */
  holidays?: ReadonlySet<string>;
  /** false = the group was deactivated: its posts are skipped. */
  isGroupActive?: (chatId: string) => boolean | undefined;
  /** Free official sources handed to the jobs (issue 23). */
  free?: JobFreeSources;
  /**
   * Runs `fn` in one SQLite transaction (the store's database). The run row and the synchronous
   * part of `send` (the Baileys outbox insert, on the same database) then commit together.
   */
  transaction?: <T>(fn: () => T) => T;
}

type RunDue = Extract<Due, { action: 'run' }>;

/** What kind of failure, for logs and the admins' template (never a secret or a personal identifier). */
export function failureKind(error: unknown): string {
  if (error instanceof LookupError) return error.kind;
  return 'error';
}

/**
 * Runs one due occurrence: the job, then either a retry later (a waiting row), the post (the run
 * row is written first: never twice), or a failure reported to the admins. Never throws.
 */
export function createRunner(deps: RunnerDeps): (due: RunDue) => Promise<void> {
  const { store, log, clock } = deps;

  const retryLater = (due: RunDue, note: string) => {
    const now = clock.now();
    const nextAt = new Date(now.getTime() + deps.retryIntervalMinutes * 60_000);
    store.markWaiting(due.key, due.date, due.attempt + 1, nextAt, note, now);
    log.info(
      { schedule: due.key, date: due.date, attempt: due.attempt + 1, nextAt: nextAt.toISOString(), note },
      'scheduled post retried later',
    );
  };

  const reportFailure = async (due: RunDue, kind: string) => {
    const text = deps.templates.render('schedule-failure', {
      trabajo: due.entry.job,
      grupo: deps.groupNames.get(due.entry.chatId) ?? due.entry.chatId,
      programacion: due.entry.specText,
      fecha: due.date,
      intentos: due.attempt + 1,
      tipo_error: kind,
    });
    for (const phone of deps.admins) {
      try {
        await deps.send(directChat(phone), { kind: 'text', text });
      } catch (error) {
        log.error({ err: error, schedule: due.key }, 'could not report a failed scheduled post to an admin');
      }
    }
  };

  return async (due) => {
    const { entry, key, date } = due;
    if (deps.isGroupActive?.(entry.chatId) === false) {
      store.finish(key, date, 'skipped', 'group inactive', clock.now());
      log.info({ schedule: key, date }, 'scheduled post skipped: group inactive');
      return;
    }
    const finalAttempt = due.attempt >= deps.retries;
    let result: JobResult;
    try {
      const job = deps.jobs.get(entry.job);
      if (!job) throw new Error(`no job ${entry.job} in this app`);
      result = await job.run({
        chatId: entry.chatId,
        date,
        lookup: deps.lookup(entry.chatId),
        templates: deps.templates,
        finalAttempt,
        ...(deps.holidays ? { holidays: deps.holidays } : {}),
        ...(deps.free ? { free: deps.free } : {}),
      });
    } catch (error) {
      const kind = failureKind(error);
      if (!finalAttempt) {
        log.warn({ err: error, schedule: key, date, kind }, 'scheduled post lookup failed');
        retryLater(due, `failed: ${kind}`);
        return;
      }
      log.error({ err: error, schedule: key, date, kind }, 'scheduled post failed after retries');
      if (store.finish(key, date, 'failed', `failed: ${kind}`, clock.now())) await reportFailure(due, kind);
      return;
    }
    if (result.kind === 'not-ready') {
      retryLater(due, result.note);
      return;
    }
    // Never twice, never lost: the run row and the hand-over commit together. `send` is the async
    // Transport seam, but its synchronous part (the Baileys outbox insert, on the same database)
    // runs inside the transaction, so a crash leaves both rows or neither. A transport that only
    // queues after an await falls back to "row first": at most once, never twice.
    let handedOver: Promise<void> | undefined;
    const transaction = deps.transaction ?? (<T>(fn: () => T) => fn());
    let recorded: boolean;
    try {
      recorded = transaction(() => {
        if (!store.finish(key, date, 'sent', result.note, clock.now())) return false;
        handedOver = deps.send(entry.chatId, result.message);
        return true;
      });
    } catch (error) {
      // The synchronous hand-over threw: the transaction rolled back, the next tick retries.
      log.error({ err: error, schedule: key, date }, 'scheduled post could not be handed to the sender');
      return;
    }
    if (!recorded) {
      log.warn({ schedule: key, date }, 'scheduled post already recorded; not sent again');
      return;
    }
    try {
      await handedOver;
      log.info(
        { schedule: key, date, late: due.late, attempt: due.attempt, note: result.note },
        'scheduled post sent',
      );
    } catch (error) {
      store.annotate(key, date, `${result.note}; send failed`);
      log.error({ err: error, schedule: key, date }, 'scheduled post could not be handed to the sender');
    }
  };
}
