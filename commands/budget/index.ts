import type { Feature } from '../../src/bot/feature.js';
import { BUDGET } from '../../src/bot/ports.js';
import { provide } from '../../src/bot/registry.js';
import { budgetMiddleware } from './middleware.js';
import { budgetMigrations } from './migrations.js';
import { USAGE, uso } from './uso.js';
import { createAppBudget } from './wiring.js';

/**
 * Credit caps (overall and per group, daily and monthly) on every lookup that would spend a
 * credit, the owners' notices at 80% and at the cap, and `uso`, this month's lookups.
 */
export const budget: Feature = {
  name: 'budget',
  commands: [uso],
  migrations: budgetMigrations,
  services(deps) {
    const caps = createAppBudget({
      db: deps.db,
      config: deps.config,
      directory: deps.directory,
      owners: deps.owners,
      now: () => deps.now(),
      logger: deps.logger,
      ...(deps.alerts ? { alerts: deps.alerts } : {}),
    });
    return {
      provides: [provide(BUDGET, caps), provide(USAGE, deps.usage)],
      // Right before the upstream call: cache hits and shared calls never reach it.
      beforeUpstream: budgetMiddleware(caps),
    };
  },
};
