import { chatAccess } from '../bot/guards.js';
import { DRIVERS, FREE_SOURCES, SCHEDULES } from '../bot/ports.js';
import { silentLogger } from '../logger.js';
import { JOB_NAMES } from '../scheduler/port.js';
import { describeScheduleSpec } from '../scheduler/schedule-spec.js';
import { listGroupSettings } from '../store/group-settings.js';
import { limaDate, limaInstant, limaMonthRange } from '../time/lima.js';
import type { ConsoleDeps } from './context.js';
import type { ChatName, ChatNames } from './names.js';
import { formatLima } from './render.js';
import { sendProblem, type SendProblem } from './send-problem.js';
import { buildStatusView, type StatusView } from './status-view.js';
import { buildUsageView } from './usage-view.js';

/**
 * View data of each console page, from the same stores and rules the chat commands use (group
 * access through `chatAccess`, schedules through the SchedulesPort, drivers through DriversPort),
 * with names in place of raw ids (names.ts).
 */

export function statusView(deps: ConsoleDeps): StatusView {
  const now = deps.now ?? (() => new Date());
  const actions = deps.actions;
  const free = deps.services.registry.get(FREE_SOURCES);
  return buildStatusView({
    pairing: deps.pairing,
    ...(actions ? { paired: () => actions.isPaired() } : {}),
    stats: deps.stats,
    alerts: () => deps.alerts.recent(),
    sandbox: deps.sandbox,
    ...(deps.budget ? { budget: deps.budget } : {}),
    ...(free ? { padron: () => free.status() } : {}),
    ...(deps.firstMessagesDailyCap !== undefined
      ? { firstMessagesDailyCap: deps.firstMessagesDailyCap }
      : {}),
    dayStart: () => limaInstant(limaDate(now()), 0, 0).getTime(),
    monthStart: () => limaMonthRange(now()).start,
    now: () => now().getTime(),
  });
}

/**
 * Who decided a group's state: the operator on this console, an admin in the chat (`activar`),
 * the config file's group list, or nobody yet (a group starts inactive).
 */
export type GroupDecider = 'console' | 'chat' | 'config' | 'nobody';

export interface GroupRow {
  chatId: string;
  name?: string;
  participants?: number;
  active: boolean;
  personalData: boolean;
  decidedBy: GroupDecider;
}

export async function groupsView(deps: ConsoleDeps, names: ChatNames) {
  const toggles = new Map(listGroupSettings(deps.db).map((setting) => [setting.chatId, setting]));
  const access = {
    policy: deps.policy,
    groupSettings: deps.services.groupSettings,
    directory: deps.services.directory,
    log: silentLogger(),
  };
  const rows: GroupRow[] = [];
  for (const group of names.listed) {
    const chatId = group.JID;
    const decided = await chatAccess(
      { id: 'console', chatId, isGroup: true, chatName: group.Name, senderIds: [], text: '', timestamp: 0 },
      access,
    );
    const toggle = toggles.get(chatId);
    rows.push({
      chatId,
      ...(group.Name ? { name: group.Name } : {}),
      participants: group.ParticipantCount || group.Participants.length,
      active: decided.active,
      personalData: decided.personalData,
      decidedBy: toggle
        ? toggle.updatedBy === CONSOLE_ACTOR
          ? 'console'
          : 'chat'
        : decided.allowed
          ? 'config'
          : 'nobody',
    });
  }
  rows.sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff', 'es'));
  return { groups: rows, directoryFailed: names.error !== undefined };
}

/** `updated_by` of what the console changes (actions.ts): the operator, not a chat admin. */
export const CONSOLE_ACTOR = 'console';

export function driversView(deps: ConsoleDeps) {
  const latest = deps.deliveries?.latestByDriver?.() ?? {};
  return {
    deliveryCounts: deps.deliveries
      ? Object.entries(deps.deliveries.counts())
          .filter(([, n]) => n > 0)
          .map(([state, n]) => ({ state, n }))
      : undefined,
    drivers: (deps.services.registry.get(DRIVERS)?.list() ?? []).map((driver) => {
      const delivery = latest[driver.documentNumber];
      return {
        ...driver,
        phone: `+${driver.phone}`,
        ...(delivery ? { delivery: { state: delivery.state, at: formatLima(delivery.at) } } : {}),
      };
    }),
  };
}

export function schedulesView(deps: ConsoleDeps, names: ChatNames) {
  const port = deps.services.registry.get(SCHEDULES);
  const now = (deps.now ?? (() => new Date()))();
  const chats = [...new Set(deps.scheduleStore.all().map((entry) => entry.chatId))];
  const schedules = port
    ? chats.flatMap((chatId) =>
        port.list(chatId).map((entry, index) => {
          const next = port.nextRun(entry, now);
          return {
            chatId,
            chat: names.of(chatId),
            position: index + 1,
            job: entry.job,
            when: describeScheduleSpec(entry.spec),
            source: entry.source,
            ...(next ? { next: formatLima(next) } : {}),
          };
        }),
      )
    : [];
  const groups = [...names.groups].map(([chatId, name]) => ({ chatId, name }));
  groups.sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return { available: Boolean(port), schedules, groups, jobs: JOB_NAMES };
}

export interface OutboxRow {
  id: number;
  chat: ChatName;
  status: 'pending' | 'failed';
  preview: string;
  failures: number;
  problem?: SendProblem;
  lastError?: string;
  createdAt: string;
  scrubbed: boolean;
  /** Waiting on purpose: WhatsApp restricts new chats or a cap is reached (Lima time, reason word). */
  held?: { until: string; reason: string };
}

export function outboxView(deps: ConsoleDeps, names: ChatNames) {
  const rows: OutboxRow[] = (deps.outbox?.list() ?? []).map((row) => ({
    id: row.id,
    chat: names.of(row.chatId),
    status: row.status,
    preview: row.preview,
    failures: row.failures,
    ...(row.lastError ? { problem: sendProblem(row.lastError), lastError: row.lastError } : {}),
    createdAt: formatLima(row.createdAt),
    scrubbed: row.scrubbed,
    ...(row.heldUntil ? { held: { until: formatLima(row.heldUntil), reason: row.heldReason ?? '' } } : {}),
  }));
  return { rows, available: Boolean(deps.outbox) };
}

export function usageData(deps: ConsoleDeps) {
  const budget = deps.budget?.monthlyCredits();
  return buildUsageView(deps.db, (deps.now ?? (() => new Date()))(), budget !== undefined ? { budget } : {});
}
