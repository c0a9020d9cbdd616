import path from 'node:path';
import type { Logger } from 'pino';
import type { RouteResult } from '../bot/outcome.js';
import { type Config, WHATSAPP_LIMIT_DEFAULTS } from '../config.js';
import { isLoopback } from '../console/http.js';
import { createOutboxAdmin } from '../console/outbox-admin.js';
import type { BudgetPort, DeliveryStatesPort } from '../console/ports.js';
import { type ConsoleServer, startConsole } from '../console/server.js';
import type { LookupMiddleware } from '../lookup/call.js';
import { createScheduleStore } from '../scheduler/store.js';
import { type OutboxItem, SendRefusedError } from '../store/outbox.js';
import { limaDate, limaInstant } from '../time/lima.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { directChat } from '../transports/ids.js';
import type { WhatsAppSetup, WhatsAppStatus } from '../transports/whatsapp/index.js';
import { forwardExtras, type IncomingMessage, type Transport } from '../transports/transport.js';
import { type Alerts, createAlerts, formatAlert } from './alerts.js';
import { createWebhookSink, testWebhook } from './alert-webhook.js';
import { defaultBackupDir, secureBackups } from './backup.js';
import { startDailyBackup } from './daily-backup.js';
import { createDbStats } from './db-stats.js';
import { createMetrics, type Metrics } from './metrics.js';
import { alertOnCredits, alertOnStatus, watchRetryReceipts, watchScheduleFailures } from './watchers.js';
import { createWhatsAppState, type WhatsAppStateTracker } from './whatsapp-state.js';

/**
 * What `chasqui start` adds for operators, in one place so start.ts only wires hooks: the
 * WhatsApp state tracker, alerts (webhook + owners on WhatsApp), metrics, the console with
 * /healthz /readyz /metrics, the schedule-failure watcher and the daily backup (leftovers of a
 * backup killed half way are removed when it is created, at start).
 */
export interface OpsOptions {
  config: Config;
  db: SqliteDatabase;
  logger: Logger;
  /** Optional inputs other features provide (delivery tracking, credit budget). */
  deliveries?: DeliveryStatesPort;
  budget?: BudgetPort;
}

export interface AttachOptions {
  app: {
    router: { handle(message: IncomingMessage): Promise<RouteResult> };
    services: Parameters<typeof startConsole>[0]['services'];
    config: Config;
  };
  setup: Pick<WhatsAppSetup, 'transport' | 'outbox' | 'auth'>;
  sandbox: boolean;
  /** A line for the operator's terminal. */
  say: (line: string) => void;
}

export interface OpsRuntime {
  readonly alerts: Alerts;
  readonly state: WhatsAppStateTracker;
  readonly metrics: Metrics;
  onStatus(status: WhatsAppStatus): void;
  onOutboxFailed(item: OutboxItem, error: unknown): void;
  /** Upstream lookup middlewares for createApp: latency metrics and the credits alert. */
  readonly upstreamMiddleware: readonly LookupMiddleware[];
  /**
   * Counts outgoing messages; incoming ones are routed through `attach`'s router for their outcome.
   * Delivery tracking, number checks and presence pass through untouched.
   */
  instrumentTransport(transport: Transport): Transport;
  /** Starts the console, the owners' alert sink, the watchers and the daily backup. */
  attach(options: AttachOptions): Promise<ConsoleServer | undefined>;
  close(): Promise<void>;
}

/** A console bound beyond loopback without a password: the reason start refuses, or undefined. */
export function consoleConfigProblem(config: Config): string | undefined {
  const { port, host, password } = config.console;
  if (port === 'off' || isLoopback(host) || password) return undefined;
  return (
    `CHASQUI_CONSOLE_HOST=${host} publica la consola en la red: defina CHASQUI_CONSOLE_PASSWORD (mín. 8 caracteres) ` +
    'o use 127.0.0.1. / Binding the console beyond loopback requires CHASQUI_CONSOLE_PASSWORD.'
  );
}

/** Why the console could not listen, saying which setting to change (a busy port, a foreign host). */
export function consoleListenProblem(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `No se pudo abrir la consola en ${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `${where}: el puerto ya está en uso; defina CHASQUI_CONSOLE_PORT con otro puerto libre, u "off"`;
    case 'EACCES':
      return `${where}: sin permiso para ese puerto (los menores de 1024 piden root); use p. ej. CHASQUI_CONSOLE_PORT=8390`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${where}: ${host} no es una dirección de este equipo; use CHASQUI_CONSOLE_HOST=127.0.0.1 (o 0.0.0.0 con contraseña)`;
    default:
      return `${where} (${(error as Error).message})`;
  }
}

export function createOpsRuntime(options: OpsOptions): OpsRuntime {
  const { config, db, logger } = options;
  const state = createWhatsAppState();
  const stats = createDbStats(db);
  // A kill -9 during a backup leaves a readable `.partial`: gone at the next start, copies 0600.
  const backupDirs = [
    ...new Set([defaultBackupDir(config.dataDir), path.resolve(config.dataDir, config.backup.dir)]),
  ];
  const secured = secureBackups(config.dataDir, backupDirs);
  if (secured.removed.length + secured.tightened.length > 0) {
    logger.warn(secured, 'backups: removed copies left half way, tightened permissions to 0600/0700');
  }
  const alerts = createAlerts({ logger });
  const webhook = config.alertWebhook
    ? { url: config.alertWebhook, format: config.alerts.format, source: config.instance }
    : undefined;
  if (webhook) alerts.addSink(createWebhookSink(webhook));
  const metrics = createMetrics({
    stats,
    whatsapp: state,
    instance: config.instance,
    firstMessagesDailyCap: config.whatsapp.newChats?.dailyCap ?? WHATSAPP_LIMIT_DEFAULTS.newChats.dailyCap,
    dayStart: () => limaInstant(limaDate(new Date()), 0, 0).getTime(),
    ...(options.deliveries ? { deliveries: options.deliveries } : {}),
    ...(options.budget ? { budget: options.budget } : {}),
  });
  const retries = watchRetryReceipts(alerts, {
    perHour:
      config.whatsapp.retryReceipts?.alertPerHour ?? WHATSAPP_LIMIT_DEFAULTS.retryReceipts.alertPerHour,
  });
  const stops: (() => Promise<void> | void)[] = [];
  let route: ((message: IncomingMessage) => Promise<RouteResult>) | undefined;

  return {
    alerts,
    state,
    metrics,
    onStatus(status) {
      state.update(status);
      alertOnStatus(alerts, status);
      if (status.kind === 'retry-receipt') retries.record(status.chatId);
    },
    onOutboxFailed(item, error) {
      // A number WhatsApp says has no account: refused on purpose, told in the group's follow-up.
      if (error instanceof SendRefusedError) {
        metrics.messageOut('refused');
        return;
      }
      metrics.messageOut('failed');
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
      alerts.raise('outbox-failed', { chat: item.chatId, attempts: item.failures, reason });
    },
    upstreamMiddleware: [metrics.timeLookup, alertOnCredits(alerts)],
    instrumentTransport(transport) {
      return {
        get name() {
          return transport.name;
        },
        selfIds: () => transport.selfIds(),
        start: (handler) =>
          transport.start(async (message) => {
            if (!route) return handler(message);
            metrics.messageIn(await route(message));
          }),
        async send(chatId, message) {
          await transport.send(chatId, message);
          metrics.messageOut('queued');
        },
        stop: () => transport.stop(),
        ...forwardExtras(transport, { sent: () => metrics.messageOut('queued') }),
      };
    },
    async attach({ app, setup, sandbox, say }) {
      route = (message) => app.router.handle(message);
      // Owners hear about alerts on WhatsApp while it is up (never the outbox's own failures, nor
      // a reached credit budget: the budget already tells them, in its own words).
      alerts.addSink(async (alert) => {
        if (state.snapshot().connection !== 'open') return;
        if (alert.kind === 'outbox-failed' || alert.kind === 'budget-reached') return;
        for (const admin of config.admins) {
          await setup.transport.send(directChat(admin), {
            kind: 'text',
            text: formatAlert(alert, config.instance),
          });
        }
      });
      const watcher = watchScheduleFailures(createScheduleStore(db), alerts);
      stops.push(() => watcher.stop());
      if (config.backup.daily) {
        stops.push(
          startDailyBackup({
            db,
            dataDir: config.dataDir,
            settings: { daily: config.backup.daily, keep: config.backup.keep, dir: config.backup.dir },
            logger,
            alerts,
          }),
        );
      }
      const { port, host, password, allowedHosts, trustedProxies, metricsToken } = config.console;
      if (port === 'off') return undefined;
      try {
        const server = await startConsole(
          {
            db,
            dataDir: config.dataDir,
            services: app.services,
            scheduleStore: createScheduleStore(db),
            policy: app.config,
            pairing: state,
            actions: {
              requestPairingCode: (phone) => setup.transport.requestPairingCode(phone),
              relink: () => setup.transport.relink(),
              isPaired: () => setup.auth.isPaired(),
            },
            alerts,
            ...(webhook ? { alertTest: { format: webhook.format, send: () => testWebhook(webhook) } } : {}),
            metrics,
            stats,
            outbox: createOutboxAdmin(db, setup.outbox),
            sandbox,
            ...(options.deliveries ? { deliveries: options.deliveries } : {}),
            ...(options.budget ? { budget: options.budget } : {}),
            firstMessagesDailyCap:
              config.whatsapp.newChats?.dailyCap ?? WHATSAPP_LIMIT_DEFAULTS.newChats.dailyCap,
            logger,
          },
          {
            host,
            port,
            allowedHosts,
            trustedProxies,
            ...(password ? { password } : {}),
            ...(metricsToken ? { metricsToken } : {}),
          },
        );
        stops.push(() => server.close());
        say(
          `Consola / console: ${server.url}${server.open ? ' (sin contraseña, solo este equipo / no password, loopback only)' : ''}`,
        );
        return server;
      } catch (error) {
        // The bot matters more than its console: keep answering, say why the page is missing.
        logger.error({ err: error }, 'console not started');
        say(`${consoleListenProblem(error, host, port)}; el bot sigue. / console not started.`);
        return undefined;
      }
    },
    async close() {
      for (const stop of stops.reverse()) await stop();
      // Let alerts under way reach the webhook, but never hold the shutdown for long.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        alerts.idle(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000))),
      ]);
      clearTimeout(timer);
    },
  };
}
