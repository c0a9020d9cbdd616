import type { Logger } from 'pino';
import type { Config } from '../config/types.js';
import type { LookupApi } from '../lookup/api.js';
import type { LookupMiddleware } from '../lookup/call.js';
import type { ScheduledJob } from '../scheduler/job.js';
import type { RunLedger } from '../scheduler/port.js';
import type { DeliveryRecord, DeliveryRepo } from '../store/delivery.js';
import type { Migration } from '../store/migrations.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { IncomingMessage, NumberCheck, OutgoingMessage } from '../transports/transport.js';
import type { CommandDefinition, TemplateRenderer } from './command.js';
import type { OwnerNoticePort } from './owners.js';
import type { FreeSources, GroupDirectoryPort, GroupSettingsPort, UsagePort } from './ports.js';
import type { Provision, ServiceRegistry } from './registry.js';

/**
 * A feature: one folder under `commands/` whose `index.ts` exports this value, listed once in
 * `src/app/features.ts`. `createApp` folds the list: commands in list order, migrations by
 * version, services in list order, jobs for the scheduler. Everything is optional but a name.
 */
export interface Feature {
  /** The folder's name (`watch`), for logs and start-up errors. */
  readonly name: string;
  /** Its chat commands, in the order `ayuda` lists them. */
  readonly commands: readonly CommandDefinition<unknown>[];
  /**
   * Its tables. A version may have parts from several features (shipped migrations were split by
   * owner): the store applies one version's parts together, in one transaction.
   */
  readonly migrations?: readonly Migration[];
  /** Posts the scheduler can run (`programar <job>`), by `name`. */
  readonly jobs?: readonly ScheduledJob[];
  /** Builds what the feature keeps for the app's life, once, from the shared dependencies. */
  services?(deps: FeatureDeps): FeatureServices;
}

/** What a feature built: registry entries for its commands, a lookup gate, background work. */
export interface FeatureServices {
  /** Put in the app's registry; commands read them with `ctx.services.registry.get(KEY)`. */
  readonly provides?: readonly Provision[];
  /** Runs on every lookup about to go upstream (cache hits never reach it): the credit budget. */
  readonly beforeUpstream?: LookupMiddleware;
  /** Started with the scheduled posts (`runSchedules`), stopped before the transport. */
  readonly background?: { start(): void | Promise<void>; stop(): void | Promise<void> };
  /**
   * Sees every incoming message before the router (the drivers' LID pairs); must not throw (a
   * throw is logged and the message routed anyway).
   */
  readonly observe?: (message: IncomingMessage) => void;
}

/** The ops alerts as features raise them (`src/ops/alerts.ts` lists the kinds). */
export interface AlertPort {
  raise(kind: string, details: Record<string, string | number>): unknown;
}

/** Delivery states of outgoing messages as features read them (src/store/delivery.ts). */
export type DeliveryReader = Pick<DeliveryRepo, 'get' | 'inChats' | 'countsFor'>;

/**
 * Delivery truth while the app runs (src/delivery/tracker.ts), for a transport that reports
 * deliveries (WhatsApp): tracked sends, number checks, and hooks on what changes.
 */
export interface DeliveryTracking {
  /**
   * Sends and returns the id the message's delivery updates carry, and the chat it went to: a
   * phone-number chat goes to the LID the platform pairs with the number, when it knows one.
   */
  sendTracked(chatId: string, message: OutgoingMessage): Promise<{ messageId: string; chatId: string }>;
  /** Asks the platform whether a number has an account (`unknown` when it cannot ask). */
  checkNumber(phone: string): Promise<NumberCheck>;
  /** Told after every stored change of a message's state (never throws into the tracker). */
  onChange(listener: (record: DeliveryRecord) => void): void;
  /** Runs on every tick, after late server acks were marked doubtful; the tick waits for it. */
  onTick(work: (at: number) => Promise<void>): void;
}

/** What every feature may build from: the app's shared pieces, never another feature's. */
export interface FeatureDeps {
  readonly config: Config;
  readonly db: SqliteDatabase;
  readonly logger: Logger;
  now(): Date;
  readonly templates: TemplateRenderer;
  /** Sends through the app's transport (the durable outbox on WhatsApp). */
  send(chatId: string, message: OutgoingMessage): Promise<void>;
  /**
   * Lookups accounted to `chatId`: cached, coalesced, usage-logged, behind every upstream gate.
   * The object may be taken while `services` runs; its calls work once the app is built.
   */
  lookupFor(chatId: string): LookupApi;
  readonly usage: UsagePort;
  /** Free official sources (the padrón mirror, the official rate): read them before paying. */
  readonly free: FreeSources;
  readonly groupSettings: GroupSettingsPort;
  readonly directory: GroupDirectoryPort;
  readonly owners: OwnerNoticePort;
  /** Ops alerts (`chasqui start`); absent in the terminal chat and most tests. */
  readonly alerts?: AlertPort;
  /**
   * What every feature provided, by key (a contract of src/, e.g. `DRIVERS`): read it when the
   * service runs, not while `services` builds (it is filled once every feature is built).
   */
  readonly registry: Pick<ServiceRegistry, 'get'>;
  /** Delivery states of the outgoing messages (the outbox's), read-only. */
  readonly deliveries: DeliveryReader;
  /** The scheduler's run rows, for daily work that runs beside the scheduled posts (the watch check). */
  readonly runs: RunLedger;
  /** Tracked sends and delivery events; absent when the transport reports no deliveries. */
  readonly tracking?: DeliveryTracking;
}
