import type { Logger } from 'pino';
import type { OwnerNoticePort } from '../../src/bot/owners.js';
import type { GroupDirectoryPort } from '../../src/bot/ports.js';
import type { Config } from '../../src/config.js';
import { createPseudonymizer } from '../../src/store/keyed-crypto.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import { usageChatKey } from '../../src/store/usage.js';
import { type Budget, type CapNotice, createBudget } from './budget.js';
import type { Caps } from './policy.js';
import { createBudgetStore } from './store.js';

/** The ops alerts port (src/ops/alerts.ts) as far as the budget uses it; optional. */
export interface BudgetAlerts {
  raise(kind: 'budget-reached', details: Record<string, string | number>): unknown;
}

/**
 * The budget as the app composes it: overall caps from the config, a group's own caps from its
 * `groups[]` entry (by id, or by a name the group directory resolves), spend from the usage log.
 */
export function createAppBudget(deps: {
  db: SqliteDatabase;
  config: Pick<Config, 'credits' | 'groups'>;
  directory: GroupDirectoryPort;
  owners: OwnerNoticePort;
  now: () => Date;
  logger: Logger;
  /** `chasqui start`'s alerts: a reached cap also raises `budget-reached` (webhook, console). */
  alerts?: BudgetAlerts;
}): Budget {
  const pseudonym = createPseudonymizer(deps.db);
  /** Answered at once unless a group with caps is configured by name (the directory is asked). */
  function groupCaps(chatId: string): Caps | undefined | Promise<Caps | undefined> {
    const groups = deps.config.groups.filter((group) => group.credits !== undefined);
    if (groups.length === 0) return undefined;
    const byId = groups.find((group) => group.id === chatId);
    if (byId) return byId.credits;
    const named = groups.filter((g) => g.id === undefined && g.name !== undefined);
    return named.length === 0 ? undefined : byName(chatId, named);
  }
  async function byName(chatId: string, named: Config['groups']): Promise<Caps | undefined> {
    for (const group of named) {
      try {
        if ((await deps.directory.resolveName(group.name ?? '')) === chatId) return group.credits;
      } catch (error) {
        deps.logger.warn({ err: error }, 'group directory lookup failed (credit caps)');
      }
    }
    return undefined;
  }
  return createBudget({
    store: createBudgetStore(deps.db),
    caps: () => deps.config.credits,
    groupCaps,
    groupCapsById: (chatId) => deps.config.groups.find((group) => group.id === chatId)?.credits,
    chatKey: (chatId) => usageChatKey(chatId, pseudonym),
    notices: deps.owners,
    ...(deps.alerts ? { onCap: (hit: CapNotice) => deps.alerts?.raise('budget-reached', { ...hit }) } : {}),
    now: deps.now,
    logger: deps.logger,
  });
}
