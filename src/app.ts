import type { Logger } from 'pino';
import { commands as registeredCommands } from '../commands/index.js';
import { createBatchPort } from './batch/pending.js';
import type { CommandDefinition, TemplateRenderer } from './bot/command.js';
import { createRouter, type Router } from './bot/router.js';
import type { BotServices, GuidePdfPort, UsagePort } from './bot/ports.js';
import { createOwnerNotices } from './bot/owners.js';
import { budgetMiddleware } from './budget/middleware.js';
import { type BudgetAlerts, createAppBudget } from './budget/wiring.js';
import { type CacheTtlSeconds, type Config, DEFAULT_CACHE_TTL_SECONDS } from './config.js';
import { createGroupDirectory, type GroupSource } from './groups/directory.js';
import { silentLogger } from './logger.js';
import {
  composeLookup,
  createLookupApi,
  createLookupClient,
  createLookupStack,
  handlerOf,
  type LookupApi,
  type LookupHandler,
  type LookupMiddleware,
  type LookupStack,
} from './lookup/index.js';
import { createTemplates } from './render/templates.js';
import { createScheduler, type Scheduler } from './scheduler/scheduler.js';
import {
  createDeliveryTracker,
  type DeliveryTracker,
  type DriverDeliveryFailure,
} from './delivery/tracker.js';
import { learnDriverLid } from './delivery/driver-lids.js';
import { createScheduleStore } from './scheduler/store.js';
import { createDriversRepo } from './store/drivers.js';
import { createLookupCacheRepo } from './store/cache.js';
import { createDeliveryRepo } from './store/delivery.js';
import { createDispatchRepo } from './store/dispatches.js';
import { createDriverContactsRepo } from './store/driver-contacts.js';
import { createEditStore } from './store/edits.js';
import { createGroupSettingsRepo } from './store/group-settings.js';
import { createGuideSendsRepo } from './store/guide-sends.js';
import { createCacheCrypto, createPseudonymizer } from './store/keyed-crypto.js';
import { openDatabase, type SqliteDatabase } from './store/sqlite.js';
import { createUsageRepo } from './store/usage.js';
import { createMemoryTransport } from './transports/memory.js';
import type { IncomingMessage, Transport } from './transports/transport.js';
import { createWatchChecker, type WatchChecker } from './watch/check.js';
import { WATCH_ACCOUNT } from './watch/port.js';
import { createWatchStore } from './watch/store.js';

/**
 * The composition root: the one place that knows every concrete module. Everything else takes
 * its collaborators as parameters, so tests and the terminal chat build the same app as production.
 */
export interface AppOptions {
  config: Config;
  /** Where replies go; an in-memory transport when absent. */
  transport?: Transport;
  logger?: Logger;
  /** The raw lookup API (tests, benchmarks); a client built from `config.lookup` when absent. */
  lookup?: LookupApi;
  now?: () => Date;
  /** Overrides the registered command list (tests of the router with a few fake commands). */
  commands?: readonly CommandDefinition<never>[];
  /** Overrides the templates loaded from `templates/`. */
  templates?: TemplateRenderer;
  /** Overrides the guide PDF renderer (loaded lazily otherwise: it parses fonts). */
  guidePdf?: GuidePdfPort;
  /** An already open store (`chasqui start` shares its connection); opened from `config.dataDir` when absent. */
  db?: SqliteDatabase;
  /** Groups of the messaging session (WhatsApp), used when no messaging host is configured. */
  groupSource?: GroupSource;
  /**
   * Wrap the upstream call path once, below the cache and any budget (ops: latency per operation,
   * the credits-exhausted alert); the group directory's calls pass through them too.
   */
  upstreamMiddleware?: readonly LookupMiddleware[];
  /** Run scheduled posts once started (default true). Schedules can be managed either way. */
  runSchedules?: boolean;
  /** Told when WhatsApp refuses a driver's guide (ops: the 'delivery-failed' alert). */
  onDriverDeliveryFailed?: (failure: DriverDeliveryFailure) => void;
  /** Ops alerts (`chasqui start`): the credit budget raises `budget-reached` at a cap. */
  alerts?: BudgetAlerts;
}

export interface App {
  readonly config: Config;
  readonly router: Router;
  readonly services: BotServices;
  readonly db: SqliteDatabase;
  readonly transport: Transport;
  /** The raw (uncached, unaccounted) lookup API. */
  readonly lookup: LookupApi;
  /** Scheduled posts; ticking only between start() and close() when `runSchedules` is on. */
  readonly scheduler: Scheduler;
  /** Delivery tracking and dispatch follow-ups; absent when the transport reports no deliveries. */
  readonly delivery?: DeliveryTracker;
  /** The daily watch-list check (ticks with the scheduler). */
  readonly watchChecker: WatchChecker;
  /** Routes one incoming message; never throws. */
  handle(message: IncomingMessage): Promise<void>;
  /** Starts the transport with `handle` as its message handler, then the scheduler. */
  start(): Promise<void>;
  /** Stops the scheduler and the transport (if started), the lookup client it built and the database it opened. */
  close(): Promise<void>;
}

/** A renderer that loads fonts on first use, so creating an app stays cheap. */
async function lazyGuidePdf(): Promise<GuidePdfPort> {
  const { createGuidePdfRenderer } = await import('./render/pdf/delivery-guide.js');
  return createGuidePdfRenderer();
}

function lazy(load: () => Promise<GuidePdfPort>): GuidePdfPort {
  let port: Promise<GuidePdfPort> | undefined;
  return {
    async render(guide) {
      port ??= load();
      return (await port).render(guide);
    },
  };
}

export interface StoredLookupDeps {
  db: SqliteDatabase;
  /** Seconds per operation plus `pastRates` and `notFound`; missing keys take the defaults. */
  ttlSeconds?: Partial<CacheTtlSeconds>;
  usage: UsagePort;
  /** Run only on calls about to go upstream (see `LookupStackOptions.beforeUpstream`). */
  beforeUpstream?: readonly LookupMiddleware[];
  now?: () => Date;
  logger?: Logger;
}

/**
 * The lookup path commands and the scheduler use: the client's call path (or any `LookupApi`)
 * wrapped with the sealed SQLite cache, coalescing and the usage log (lookup/stack.ts).
 */
export function createStoredLookup(upstream: LookupHandler | LookupApi, deps: StoredLookupDeps): LookupStack {
  const now = deps.now ?? (() => new Date());
  const store = createLookupCacheRepo(deps.db, { crypto: createCacheCrypto(deps.db), now });
  const ttlSeconds = { ...DEFAULT_CACHE_TTL_SECONDS, ...definedOnly(deps.ttlSeconds ?? {}) };
  return createLookupStack({
    upstream: typeof upstream === 'function' ? upstream : handlerOf(upstream),
    cache: { store, ttlSeconds },
    recordUsage: (event) => deps.usage.record(event),
    ...(deps.beforeUpstream ? { beforeUpstream: deps.beforeUpstream } : {}),
    now,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Builds the whole bot from a validated config. */
export function createApp(options: AppOptions): App {
  const { config } = options;
  const logger = options.logger ?? silentLogger();
  const now = options.now ?? (() => new Date());
  const transport = options.transport ?? createMemoryTransport();
  const ownClient = options.lookup
    ? undefined
    : createLookupClient({ ...config.lookup, logger: logger.child({ module: 'lookup' }) });
  const lookup: LookupApi = options.lookup ?? (ownClient as LookupApi);
  // Every call that reaches the lookup API (the stored lookup's and the group directory's)
  // passes through `upstreamMiddleware` once.
  const upstream = composeLookup(ownClient?.call ?? handlerOf(lookup), options.upstreamMiddleware ?? []);
  const db =
    options.db ??
    openDatabase({
      dir: config.dataDir,
      logger,
      ...(config.secret !== undefined ? { secret: config.secret } : {}),
    });
  const closeDb = () => {
    if (!options.db) db.close();
  };
  try {
    const usage = createUsageRepo(db, {
      onError: (error) => logger.warn({ err: error }, 'usage log write failed'),
    });
    const commands = options.commands ?? registeredCommands;
    const templates = options.templates ?? createTemplates({ maxListItems: config.maxListItems });
    const groupSettings = createGroupSettingsRepo(db, { now });
    // The messaging host's /group/all is authoritative when configured; else the session's groups.
    const directory = createGroupDirectory(
      !config.lookup.messagingBaseUrl && options.groupSource
        ? { source: options.groupSource, logger, now }
        : { lookup: createLookupApi(upstream), logger, now },
    );
    const owners = createOwnerNotices({
      owners: () => config.admins,
      templates,
      send: (chatId, message) => transport.send(chatId, message),
      logger,
    });
    const budget = createAppBudget({
      db,
      config,
      directory,
      owners,
      now,
      logger,
      ...(options.alerts ? { alerts: options.alerts } : {}),
    });
    // Credit caps sit right before the upstream call: cache hits and shared calls never reach them.
    const cached = createStoredLookup(upstream, {
      db,
      ttlSeconds: config.cacheTtlSeconds,
      usage,
      now,
      logger,
      beforeUpstream: [budgetMiddleware(budget)],
    });
    const scheduler = createScheduler({
      db,
      config,
      lookup: (chatId) => cached.forChat(chatId),
      templates,
      send: (chatId, message) => transport.send(chatId, message),
      logger,
      clock: { now },
      resolveGroupName: (name) => directory.resolveName(name),
      isGroupActive: (chatId) => groupSettings.isActive(chatId),
    });
    const driverContacts = createDriverContactsRepo(db, { now: () => now().getTime() });
    // Delivery truth needs a transport that reports it (WhatsApp); the terminal and memory ones do not.
    const tracker: DeliveryTracker | undefined =
      transport.onDelivery && transport.sendTracked
        ? createDeliveryTracker({
            transport,
            deliveries: createDeliveryRepo(db),
            dispatches: createDispatchRepo(db),
            contacts: driverContacts,
            templates,
            logger,
            now: () => now().getTime(),
            serverAckTimeoutMs: (config.whatsapp.delivery?.serverAckTimeoutSeconds ?? 120) * 1000,
            reportAfterMs: (config.whatsapp.delivery?.reportAfterMinutes ?? 10) * 60_000,
            ...(options.onDriverDeliveryFailed ? { onDriverFailed: options.onDriverDeliveryFailed } : {}),
          })
        : undefined;
    const watchStore = createWatchStore(db, () => config.watch);
    const watchChecker = createWatchChecker({
      store: watchStore,
      runs: createScheduleStore(db),
      lookup: cached.forChat(WATCH_ACCOUNT),
      templates,
      send: (chatId, message) => transport.send(chatId, message),
      transaction: (fn) => db.transaction(fn)(),
      settings: () => ({
        watch: config.watch,
        catchUpMinutes: config.scheduler.catchUpMinutes,
        retries: config.scheduler.rateRetries,
        retryIntervalMinutes: config.scheduler.rateRetryIntervalMinutes,
        holidays: new Set(config.scheduler.holidays),
      }),
      log: logger.child({ module: 'watch' }),
      clock: { now },
      isGroupActive: (chatId) => groupSettings.isActive(chatId),
    });
    const edits = createEditStore(db, {
      now: () => now().getTime(),
      onError: (error) => logger.warn({ err: error }, 'edit log write failed'),
    });
    const services: BotServices = {
      settings: {
        maxListItems: config.maxListItems,
        maxZipBytes: config.maxZipBytes,
        holidays: config.scheduler.holidays,
        ...(config.taxPortal ? { taxPortal: config.taxPortal } : {}),
      },
      usage,
      groupSettings,
      directory,
      drivers: createDriversRepo(db, { seed: config.drivers, now }),
      guidePdf: options.guidePdf ?? lazy(lazyGuidePdf),
      commands,
      schedules: scheduler,
      driverContacts,
      edits,
      ...(tracker ? { delivery: tracker } : {}),
      owners,
      budget,
      guideSends: createGuideSendsRepo(db, () => config.guides, now),
      batch: createBatchPort(db, () => config.batch),
      watch: watchStore,
    };
    const router = createRouter({
      commands,
      services,
      templates,
      lookupFor: (chatId) => cached.forChat(chatId),
      transport,
      policy: config,
      logger,
      now,
      pseudonym: createPseudonymizer(db),
    });
    let started = false;
    let ticking = false;
    const handle = async (message: IncomingMessage) => {
      try {
        // Before routing: a registered driver's PN + LID pair is stored, so their LID-only
        // messages are recognised later (delivery/driver-lids.ts).
        if (learnDriverLid(message, services.drivers, driverContacts)) {
          logger.info(
            { chatId: message.isGroup ? message.chatId : 'direct' },
            'driver LID learnt from a message',
          );
        }
      } catch (error) {
        logger.error({ err: error }, 'could not learn a driver LID');
      }
      await router.handle(message);
    };
    return {
      config,
      router,
      services,
      db,
      transport,
      lookup,
      scheduler,
      ...(tracker ? { delivery: tracker } : {}),
      watchChecker,
      handle,
      async start() {
        started = true;
        await transport.start(handle);
        await tracker?.start();
        if (options.runSchedules ?? true) {
          ticking = true;
          await scheduler.start();
          watchChecker.start();
        }
      },
      async close() {
        tracker?.stop();
        if (ticking) {
          await scheduler.stop();
          await watchChecker.stop();
        }
        if (started) await transport.stop();
        await ownClient?.close();
        edits.flush();
        usage.flush();
        closeDb();
      },
    };
  } catch (error) {
    closeDb();
    void ownClient?.close();
    throw error;
  }
}
