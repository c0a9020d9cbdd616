import { chatAccess } from '../bot/guards.js';
import { SCHEDULES } from '../bot/ports.js';
import { silentLogger } from '../logger.js';
import { JOB_NAMES } from '../scheduler/port.js';
import { limaDate, limaInstant, limaMonthRange } from '../time/lima.js';
import type { ConsoleDeps } from './context.js';
import { formatLima } from './render.js';
import { buildStatusView, type StatusView } from './status-view.js';
import { buildUsageView } from './usage-view.js';

/**
 * View data of each console page, from the same stores and rules the chat commands use (group
 * access through `chatAccess`, schedules through the SchedulesPort, drivers through DriversPort).
 */

export function statusView(deps: ConsoleDeps): StatusView {
  const now = deps.now ?? (() => new Date());
  return buildStatusView({
    pairing: deps.pairing,
    stats: deps.stats,
    alerts: () => deps.alerts.recent(),
    sandbox: deps.sandbox,
    ...(deps.budget ? { budget: deps.budget } : {}),
    dayStart: () => limaInstant(limaDate(now()), 0, 0).getTime(),
    monthStart: () => limaMonthRange(now()).start,
    now: () => now().getTime(),
  });
}

export interface GroupRow {
  chatId: string;
  name: string;
  participants?: number;
  active: boolean;
  personalData: boolean;
  /** 'admin' when toggled (chat or console), 'config' otherwise. */
  decidedBy: 'admin' | 'config';
  inSession: boolean;
}

export async function groupsView(deps: ConsoleDeps): Promise<{ groups: GroupRow[]; error?: string }> {
  let listed: Awaited<ReturnType<ConsoleDeps['services']['directory']['list']>> = [];
  let error: string | undefined;
  try {
    listed = await deps.services.directory.list();
  } catch (failure) {
    error = `No se pudo leer la lista de grupos (${(failure as Error).message}).`;
  }
  const known = new Map(listed.map((group) => [group.JID, group]));
  const ids = new Set([...known.keys()]);
  const access = {
    policy: deps.policy,
    groupSettings: deps.services.groupSettings,
    directory: deps.services.directory,
    log: silentLogger(),
  };
  const rows: GroupRow[] = [];
  for (const chatId of ids) {
    const group = known.get(chatId);
    const name = group?.Name ?? '';
    const decided = await chatAccess(
      { id: 'console', chatId, isGroup: true, chatName: name, senderIds: [], text: '', timestamp: 0 },
      access,
    );
    rows.push({
      chatId,
      name: name || '(sin nombre)',
      ...(group ? { participants: group.ParticipantCount || group.Participants.length } : {}),
      active: decided.active,
      personalData: decided.personalData,
      decidedBy: deps.services.groupSettings.isActive(chatId) === undefined ? 'config' : 'admin',
      inSession: Boolean(group),
    });
  }
  rows.sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return error ? { groups: rows, error } : { groups: rows };
}

export function driversView(deps: ConsoleDeps) {
  const latest = deps.deliveries?.latestByDriver?.() ?? {};
  return {
    deliveryCounts: deps.deliveries
      ? Object.entries(deps.deliveries.counts()).map(([state, n]) => ({ state, n }))
      : undefined,
    drivers: deps.services.drivers.list().map((driver) => {
      const delivery = latest[driver.documentNumber];
      return {
        ...driver,
        phone: `+${driver.phone}`,
        ...(delivery ? { delivery: { state: delivery.state, at: formatLima(delivery.at) } } : {}),
      };
    }),
  };
}

export async function schedulesView(deps: ConsoleDeps) {
  const port = deps.services.registry.get(SCHEDULES);
  const now = (deps.now ?? (() => new Date()))();
  const { groups } = await groupsView(deps);
  const names = new Map(groups.map((g) => [g.chatId, g.name]));
  const chats = [...new Set(deps.scheduleStore.all().map((entry) => entry.chatId))];
  const schedules = port
    ? chats.flatMap((chatId) =>
        port.list(chatId).map((entry, index) => {
          const next = port.nextRun(entry, now);
          return {
            chatId,
            group: names.get(chatId) ?? chatId,
            position: index + 1,
            job: entry.job,
            spec: entry.specText,
            source: entry.source,
            next: next ? formatLima(next) : '—',
          };
        }),
      )
    : [];
  return { available: Boolean(port), schedules, groups, jobs: JOB_NAMES };
}

export function usageData(deps: ConsoleDeps, names: Map<string, string>) {
  const budget = deps.budget?.monthlyCredits();
  return buildUsageView(deps.db, (deps.now ?? (() => new Date()))(), {
    ...(budget !== undefined ? { budget } : {}),
    groupName: (chatId) => names.get(chatId),
  });
}
