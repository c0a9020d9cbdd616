import type { Logger } from 'pino';
import { commands as registeredCommands } from '../commands/index.js';
import type { CommandDefinition } from './bot/command.js';
import type { BotServices } from './bot/context.js';
import type { TemplateRenderer } from './bot/context-impl.js';
import { createRouter, type Router } from './bot/router.js';
import type { GuidePdfPort } from './bot/services.js';
import type { Config } from './config.js';
import { createGroupDirectory } from './groups/directory.js';
import { silentLogger } from './logger.js';
import type { LookupApi } from './lookup/api.js';
import { type CachedLookup, createCachedLookup } from './lookup/cached.js';
import { createLookupClient } from './lookup/index.js';
import { createTemplates } from './render/templates.js';
import { createDriversRepo } from './store/drivers.js';
import { createGroupSettingsRepo } from './store/group-settings.js';
import { openDatabase, type SqliteDatabase } from './store/sqlite.js';
import { createUsageRepo } from './store/usage.js';
import { createMemoryTransport } from './transports/memory.js';
import type { IncomingMessage, Transport } from './transports/transport.js';

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
}

export interface App {
  readonly config: Config;
  readonly router: Router;
  readonly services: BotServices;
  readonly db: SqliteDatabase;
  readonly transport: Transport;
  /** The raw (uncached) lookup API. */
  readonly lookup: LookupApi;
  /** The cached facade commands use (stats for tests and benchmarks). */
  readonly cachedLookup: CachedLookup;
  /** Routes one incoming message; never throws. */
  handle(message: IncomingMessage): Promise<void>;
  /** Starts the transport with `handle` as its message handler. */
  start(): Promise<void>;
  /** Stops the transport (if started), closes the lookup client it built and the database. */
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

/** Builds the whole bot from a validated config. */
export function createApp(options: AppOptions): App {
  const { config } = options;
  const logger = options.logger ?? silentLogger();
  const now = options.now ?? (() => new Date());
  const transport = options.transport ?? createMemoryTransport();
  const ownClient = options.lookup
    ? undefined
    : createLookupClient({
        baseUrl: config.lookup.baseUrl,
        token: config.lookup.token,
        messagingBaseUrl: config.lookup.messagingBaseUrl,
        messagingToken: config.lookup.messagingToken,
        timeoutMs: config.lookup.timeoutMs,
        retries: config.lookup.retries,
        logger: logger.child({ module: 'lookup' }),
        env: {},
      });
  const lookup: LookupApi = options.lookup ?? (ownClient as LookupApi);
  const db = openDatabase({ dir: config.dataDir });
  try {
    const usage = createUsageRepo(db);
    const cached = createCachedLookup(lookup, { db, ttlSeconds: config.cacheTtlSeconds, usage, now, logger });
    const commands = options.commands ?? registeredCommands;
    const services: BotServices = {
      settings: {
        maxListItems: config.maxListItems,
        maxZipBytes: config.maxZipBytes,
        timezone: 'America/Lima',
        ...(config.taxPortal ? { taxPortal: config.taxPortal } : {}),
      },
      usage,
      groupSettings: createGroupSettingsRepo(db, { now }),
      directory: createGroupDirectory({ lookup, logger, now }),
      drivers: createDriversRepo(db, { seed: config.drivers, now }),
      guidePdf: options.guidePdf ?? lazy(lazyGuidePdf),
      commands,
    };
    const router = createRouter({
      commands,
      services,
      templates: options.templates ?? createTemplates({ maxListItems: config.maxListItems }),
      lookupFor: (chatId) => cached.forChat(chatId),
      transport,
      policy: config,
      logger,
      now,
    });
    let started = false;
    const handle = async (message: IncomingMessage) => {
      await router.handle(message);
    };
    return {
      config,
      router,
      services,
      db,
      transport,
      lookup,
      cachedLookup: cached,
      handle,
      async start() {
        started = true;
        await transport.start(handle);
      },
      async close() {
        if (started) await transport.stop();
        await ownClient?.close();
        db.close();
      },
    };
  } catch (error) {
    db.close();
    void ownClient?.close();
    throw error;
  }
}
