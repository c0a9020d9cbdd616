import type { Logger } from 'pino';
import type { Config } from '../config/types.js';
import type { LookupApi } from '../lookup/api.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { OutgoingMessage } from '../transports/transport.js';
import { type Clock, cronTicker, systemClock, type Ticker } from './clock.js';
import { assertScheduleConfig, configSchedules, groupNames, resolveGroupNames } from './config-schedules.js';
import { computeDue } from './due.js';
import type { JobFreeSources, ScheduledJob, TemplateRenderer } from './job.js';
import { addDays, limaDate } from '../time/lima.js';
import type { SchedulesPort } from './port.js';
import { createRunner } from './runner.js';
import { createSchedulesService } from './service.js';
import { createScheduleStore } from './store.js';

const MINUTE = 60_000;

export interface SchedulerDeps {
  db: SqliteDatabase;
  config: Pick<Config, 'admins' | 'groups' | 'scheduler'>;
  /** Lookups accounted to a chat (the cached facade's `forChat`). */
  lookup: (chatId: string) => LookupApi;
  /** What a schedule can post (the features' `jobs`, src/app/features.ts). */
  jobs: readonly ScheduledJob[];
  templates: TemplateRenderer;
  /** Hands a post over: the durable outbox in production, or transport.send. */
  send: (chatId: string, message: OutgoingMessage) => Promise<void>;
  logger: Logger;
  clock?: Clock;
  /** Calls tick about once a minute; node-cron in Lima time by default. */
  ticker?: Ticker;
  /**
   * Resolves config groups given only by name (GroupDirectoryPort.resolveName). Names not resolved
   * at start are tried again on the ticks, at most once a minute, until they all resolve.
   */
  resolveGroupName?: (name: string) => Promise<string | undefined>;
  /** GroupSettingsPort.isActive: a group deactivated with `desactivar` gets no posts. */
  isGroupActive?: (chatId: string) => boolean | undefined;
  /** Free official sources the jobs read before paying (issue 23); absent: they pay. */
  free?: JobFreeSources;
}

export interface Scheduler {
  /** Syncs the config schedules, runs the catch-up tick and starts the minute ticker. */
  start(): Promise<void>;
  /** Stops the ticker and waits for posts under way. */
  stop(): Promise<void>;
  /** Does what is due at `now` (default: the clock) and resolves when those runs are done. */
  tick(now?: Date): Promise<void>;
  /** Resolves when no run is under way. */
  idle(): Promise<void>;
}

/**
 * Scheduled posts (issue 6). All decisions come from `computeDue` over the store, so node-cron is
 * only a metronome: a restart, a retry or a missed minute is handled by the next tick.
 */
export function createScheduler(deps: SchedulerDeps): Scheduler & SchedulesPort {
  assertScheduleConfig(deps.config);
  const clock = deps.clock ?? systemClock;
  const log = deps.logger.child({ module: 'scheduler' });
  const store = createScheduleStore(deps.db);
  const settings = deps.config.scheduler;
  const run = createRunner({
    store,
    jobs: new Map(deps.jobs.map((job) => [job.name, job])),
    transaction: (fn) => deps.db.transaction(fn)(),
    lookup: deps.lookup,
    templates: deps.templates,
    send: deps.send,
    log,
    clock,
    retries: settings.rateRetries,
    retryIntervalMinutes: settings.rateRetryIntervalMinutes,
    admins: deps.config.admins,
    groupNames: groupNames(deps.config),
    holidays: new Set(settings.holidays ?? []),
    ...(deps.isGroupActive ? { isGroupActive: deps.isGroupActive } : {}),
    ...(deps.free ? { free: deps.free } : {}),
  });
  const inFlight = new Map<string, Promise<void>>();
  let ticker: { stop(): void } | undefined;
  let stopped = false;
  /** Config groups with schedules whose names are not resolved yet (retried on the ticks). */
  let unresolvedNames = 0;
  let lastResolveAt = Number.NEGATIVE_INFINITY;
  let resolving: Promise<void> | undefined;

  /**
   * Config rows follow the config; with unresolved group names nothing is pruned. `report` says what
   * to report: nothing (construction), unresolved names (start), or only a change (retries).
   */
  const syncConfig = (
    resolved?: ReadonlyMap<string, string>,
    report: 'none' | 'start' | 'change' = 'none',
  ) => {
    const { schedules, unresolved } = configSchedules(deps.config, resolved);
    const result = store.syncConfig(schedules, clock.now(), unresolved.length === 0);
    const before = unresolvedNames;
    unresolvedNames = unresolved.length;
    const changed = before !== unresolvedNames || result.added > 0 || result.removed > 0;
    if (report === 'start' || (report === 'change' && changed)) {
      if (unresolvedNames > 0) {
        log.warn(
          { groups: unresolvedNames, ...result, retriedEveryMinute: Boolean(deps.resolveGroupName) },
          'config groups with schedules not resolved by name; kept as they were',
        );
      } else if (report === 'change') {
        log.info({ ...result }, 'config groups resolved by name; their schedules are in place');
      }
    }
    return result;
  };
  syncConfig();

  /** Resolves the config group names again (start, and ticks while some are unresolved). */
  const resolveAndSync = async (now: Date, report: 'start' | 'change') => {
    lastResolveAt = now.getTime();
    const resolveName = deps.resolveGroupName;
    if (!resolveName) return syncConfig(undefined, report);
    return syncConfig(await resolveGroupNames(deps.config, resolveName), report);
  };

  /**
   * The session's groups may load after start (WhatsApp opens the socket later): while a name is
   * unresolved, try again at most once a minute, before deciding what is due.
   */
  const retryNames = async (now: Date) => {
    if (resolving) return resolving;
    if (unresolvedNames === 0 || !deps.resolveGroupName) return;
    if (now.getTime() - lastResolveAt < MINUTE) return;
    resolving = resolveAndSync(now, 'change')
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'config group names could not be resolved'))
      .finally(() => {
        resolving = undefined;
      });
    await resolving;
  };

  const tick = async (now: Date = clock.now()): Promise<void> => {
    if (stopped) return;
    await retryNames(now);
    if (stopped) return;
    const today = limaDate(now);
    const yesterday = addDays(today, -1);
    const due = computeDue({
      schedules: store.all(),
      runs: store.runs([yesterday, today], yesterday),
      now,
      catchUpMinutes: settings.catchUpMinutes,
    });
    const started: Promise<void>[] = [];
    for (const item of due) {
      const id = `${item.key}\n${item.date}`;
      if (inFlight.has(id)) continue;
      if (item.action === 'skip') {
        store.finish(item.key, item.date, 'skipped', `missed by ${item.minutesLate} min`, now);
        log.warn(
          { schedule: item.key, date: item.date, minutesLate: item.minutesLate },
          'scheduled post skipped: missed beyond the catch-up window',
        );
        continue;
      }
      const running = run(item)
        .catch((error: unknown) => log.error({ err: error, schedule: item.key }, 'scheduled run crashed'))
        .finally(() => inFlight.delete(id));
      inFlight.set(id, running);
      started.push(running);
    }
    await Promise.all(started);
  };

  const safeTick = () => {
    tick().catch((error: unknown) => log.error({ err: error }, 'scheduler tick failed'));
  };

  return {
    ...createSchedulesService(store, clock),
    tick,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
    async start() {
      stopped = false;
      const synced = await resolveAndSync(clock.now(), 'start');
      log.info({ ...synced, schedules: store.all().length }, 'scheduler started');
      safeTick();
      ticker?.stop();
      ticker = (deps.ticker ?? cronTicker)(safeTick);
    },
    async stop() {
      stopped = true;
      ticker?.stop();
      ticker = undefined;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
  };
}
