import type { Logger } from 'pino';
import type { GroupDirectoryPort, GroupSettingsPort } from '../bot/ports.js';
import type { ServiceRegistry } from '../bot/registry.js';
import type { AccessPolicy } from '../bot/guards.js';
import type { WebhookAnswer } from '../ops/alert-webhook.js';
import type { Alerts } from '../ops/alerts.js';
import type { DbStats } from '../ops/db-stats.js';
import type { Metrics } from '../ops/metrics.js';
import type { ScheduleStore } from '../scheduler/store.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { OutboxAdmin } from './outbox-admin.js';
import type { BudgetPort, DeliveryStatesPort, PairingActions, PairingState } from './ports.js';

/** Everything the console's pages and actions use; built once in start.ts (or a test). */
export interface ConsoleDeps {
  db: SqliteDatabase;
  dataDir: string;
  services: {
    groupSettings: GroupSettingsPort;
    directory: GroupDirectoryPort;
    /** Feature services by key: the scheduler's `SCHEDULES`, the drivers' `DRIVERS` (src/bot/ports.ts). */
    registry: ServiceRegistry;
  };
  scheduleStore: Pick<ScheduleStore, 'all'>;
  policy: AccessPolicy;
  pairing: PairingState;
  actions?: PairingActions;
  alerts: Alerts;
  /** Posts a test alert to the webhook (Estado's button); absent without CHASQUI_ALERT_WEBHOOK. */
  alertTest?: { format: string; send(): Promise<WebhookAnswer> };
  metrics?: Metrics;
  stats: DbStats;
  outbox?: OutboxAdmin;
  sandbox: boolean;
  deliveries?: DeliveryStatesPort;
  budget?: BudgetPort;
  /** Chasqui's cap on first messages to new chats per Lima day (the Estado page's limits card). */
  firstMessagesDailyCap?: number;
  logger: Logger;
  now?: () => Date;
}
