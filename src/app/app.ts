import type { Logger } from 'pino';
import type { CommandDefinition, TemplateRenderer } from '../bot/command.js';
import type { AlertPort, FeatureDeps, FeatureServices } from '../bot/feature.js';
import { createRouter, type Router } from '../bot/router.js';
import { type BotServices, FREE_SOURCES, SCHEDULES } from '../bot/ports.js';
import { createOwnerNotices } from '../bot/owners.js';
import { createServiceRegistry, provide, type ServiceRegistry } from '../bot/registry.js';
import type { Config } from '../config.js';
import { createGroupDirectory, type GroupSource } from '../groups/directory.js';
import { silentLogger } from '../logger.js';
import {
  composeLookup,
  createLookupApi,
  createLookupClient,
  handlerOf,
  type LookupApi,
  type LookupHandler,
  type LookupMiddleware,
  type LookupStack,
} from '../lookup/index.js';
import type { OfficialRatesPort } from '../official/port.js';
import { createOfficialRates } from '../official/rates.js';
import type { PadronPort } from '../padron/port.js';
import { openPadronReader, type PadronReader } from '../padron/reader.js';
import { createTemplates } from '../render/templates.js';
import { createScheduler, type Scheduler } from '../scheduler/scheduler.js';
import { createDeliveryTracker, type DeliveryTracker } from '../delivery/tracker.js';
import { createDeliveryRepo } from '../store/delivery.js';
import { createEditStore } from '../store/edits.js';
import { createGroupSettingsRepo } from '../store/group-settings.js';
import { createPseudonymizer } from '../store/keyed-crypto.js';
import { openDatabase, type SqliteDatabase } from '../store/sqlite.js';
import { createUsageRepo } from '../store/usage.js';
import { createMemoryTransport } from '../transports/memory.js';
import type { IncomingMessage, Transport } from '../transports/transport.js';
import { commands as featureCommands, FEATURES, jobs, migrations } from './features.js';
import { createFreeSources } from './free-sources.js';
import { createStoredLookup } from './stored-lookup.js';

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
  /** Overrides the features' command list (tests of the router with a few fake commands). */
  commands?: readonly CommandDefinition<never>[];
  /** Overrides the templates loaded from `templates/`. */
  templates?: TemplateRenderer;
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
  /**
   * Ops alerts (`chasqui start`): the credit budget raises `budget-reached` at a cap, a driver's
   * refused guide `delivery-failed`.
   */
  alerts?: AlertPort;
  /** The padrón mirror; by default a reader of `config.dataDir/padron.db`, opened and closed with the app. */
  padron?: PadronPort;
  /** The official exchange rate; by default BCRP at `config.exchangeRate.bcrpUrl` (none when `official` is off). */
  officialRates?: OfficialRatesPort;
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
  /** Delivery tracking (features' follow-ups ride on it); absent when the transport reports none. */
  readonly delivery?: DeliveryTracker;
  /** The padrón reader the app opened (`chasqui start` refreshes it after an update); absent when passed in. */
  readonly padron?: PadronReader;
  /** Routes one incoming message; never throws. */
  handle(message: IncomingMessage): Promise<void>;
  /** Starts the transport with `handle` as its message handler, then the scheduler. */
  start(): Promise<void>;
  /** Stops the scheduler and the transport (if started), the lookup client it built and the database it opened. */
  close(): Promise<void>;
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
      migrations,
      logger,
      ...(config.secret !== undefined ? { secret: config.secret } : {}),
    });
  // Never downloads: reads an edition already in the data directory, reopened when an update swaps it.
  const ownPadron = options.padron ? undefined : openPadronReader(config.dataDir);
  const closeDb = () => {
    ownPadron?.close();
    if (!options.db) db.close();
  };
  try {
    const usage = createUsageRepo(db, {
      onError: (error) => logger.warn({ err: error }, 'usage log write failed'),
    });
    const commands = options.commands ?? featureCommands;
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
    // Features are built before the lookup stack (their gates sit in it); the lookups they take
    // while building call through `stackCall` once the stack exists.
    const late: { stack?: LookupStack; registry?: ServiceRegistry } = {};
    const stackCall: LookupHandler = (call) => {
      if (!late.stack) throw new Error('a feature looked up while the app was being built');
      return late.stack.call(call);
    };
    const rates =
      options.officialRates ??
      (config.exchangeRate.official
        ? createOfficialRates({ origin: config.exchangeRate.bcrpUrl, now: () => now().getTime() })
        : undefined);
    const free = createFreeSources({
      padron: options.padron ?? (ownPadron as PadronReader),
      ...(rates ? { rates } : {}),
      usage,
      maxAgeDays: () => config.padron.maxAgeDays,
      now,
      logger: logger.child({ module: 'free-sources' }),
    });
    const deliveries = createDeliveryRepo(db);
    // Delivery truth needs a transport that reports it (WhatsApp); the terminal and memory ones do not.
    const tracker: DeliveryTracker | undefined =
      transport.onDelivery && transport.sendTracked
        ? createDeliveryTracker({
            transport,
            deliveries,
            logger,
            now: () => now().getTime(),
            serverAckTimeoutMs: (config.whatsapp.delivery?.serverAckTimeoutSeconds ?? 120) * 1000,
          })
        : undefined;
    const deps: FeatureDeps = {
      config,
      db,
      logger,
      now,
      templates,
      send: (chatId, message) => transport.send(chatId, message),
      lookupFor: (chatId) => createLookupApi(stackCall, chatId),
      usage,
      free,
      groupSettings,
      directory,
      owners,
      ...(options.alerts ? { alerts: options.alerts } : {}),
      registry: { get: (key) => late.registry?.get(key) },
      deliveries,
      ...(tracker ? { tracking: tracker } : {}),
    };
    const built: FeatureServices[] = FEATURES.map((feature) => feature.services?.(deps) ?? {});
    // Credit caps sit right before the upstream call: cache hits and shared calls never reach them.
    const cached = createStoredLookup(upstream, {
      db,
      ttlSeconds: config.cacheTtlSeconds,
      usage,
      now,
      logger,
      beforeUpstream: built.flatMap((b) => (b.beforeUpstream ? [b.beforeUpstream] : [])),
    });
    late.stack = cached;
    const background = built.flatMap((b) => (b.background ? [b.background] : []));
    const scheduler = createScheduler({
      db,
      config,
      lookup: (chatId) => cached.forChat(chatId),
      jobs,
      templates,
      send: (chatId, message) => transport.send(chatId, message),
      logger,
      clock: { now },
      resolveGroupName: (name) => directory.resolveName(name),
      isGroupActive: (chatId) => groupSettings.isActive(chatId),
      free,
    });
    const edits = createEditStore(db, {
      now: () => now().getTime(),
      onError: (error) => logger.warn({ err: error }, 'edit log write failed'),
    });
    const services: BotServices = {
      registry: createServiceRegistry([
        provide(SCHEDULES, scheduler),
        provide(FREE_SOURCES, free),
        ...built.flatMap((b) => b.provides ?? []),
      ]),
      settings: {
        maxListItems: config.maxListItems,
        maxZipBytes: config.maxZipBytes,
        holidays: config.scheduler.holidays,
        ...(config.taxPortal ? { taxPortal: config.taxPortal } : {}),
      },
      groupSettings,
      directory,
      commands,
      edits,
      owners,
    };
    late.registry = services.registry;
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
    const observers = built.flatMap((b) => (b.observe ? [b.observe] : []));
    const handle = async (message: IncomingMessage) => {
      // Before routing: what features learn from every message (the drivers' LID pairs).
      for (const observe of observers) {
        try {
          observe(message);
        } catch (error) {
          logger.error({ err: error }, 'a feature could not observe a message');
        }
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
      ...(ownPadron ? { padron: ownPadron } : {}),
      handle,
      async start() {
        started = true;
        await transport.start(handle);
        await tracker?.start();
        if (options.runSchedules ?? true) {
          ticking = true;
          await scheduler.start();
          for (const work of background) await work.start();
        }
      },
      async close() {
        tracker?.stop();
        if (ticking) {
          await scheduler.stop();
          for (const work of background) await work.stop();
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
