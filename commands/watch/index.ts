import type { Feature, FeatureDeps, FeatureServices } from '../../src/bot/feature.js';
import { provide } from '../../src/bot/registry.js';
import { WATCH_ACCOUNT } from '../../src/store/usage.js';
import { createWatchChecker, WATCH_CHECK } from './check.js';
import { watchSources } from './observe.js';
import { dejar } from './dejar.js';
import { watchMigrations } from './migrations.js';
import { WATCH } from './port.js';
import { createWatchStore } from './store.js';
import { vigilados } from './vigilados.js';
import { vigilar } from './vigilar.js';

/** The watch list and its daily check, on the scheduler's run rows and clock. */
function watchServices(deps: FeatureDeps): FeatureServices {
  const { config } = deps;
  const store = createWatchStore(deps.db, () => config.watch);
  const lookup = deps.lookupFor(WATCH_ACCOUNT);
  const log = deps.logger.child({ module: 'watch' });
  const sources = watchSources(deps.free, () => config.watch, lookup, WATCH_ACCOUNT, log);
  const checker = createWatchChecker({
    store,
    runs: deps.runs,
    lookup,
    register: (ruc) => sources.register(ruc),
    saved: () => sources.saved(),
    templates: deps.templates,
    send: (chatId, message) => deps.send(chatId, message),
    transaction: (fn) => deps.db.transaction(fn)(),
    settings: () => ({
      watch: config.watch,
      catchUpMinutes: config.scheduler.catchUpMinutes,
      retries: config.scheduler.rateRetries,
      retryIntervalMinutes: config.scheduler.rateRetryIntervalMinutes,
      holidays: new Set(config.scheduler.holidays),
    }),
    log,
    clock: { now: () => deps.now() },
    isGroupActive: (chatId) => deps.groupSettings.isActive(chatId),
  });
  return { provides: [provide(WATCH, store), provide(WATCH_CHECK, checker)], background: checker };
}

/**
 * `vigilar <ruc>`, `vigilados`, `dejar de vigilar <ruc>`: a group's watch list, checked once a
 * working day for every group at once, each told only of its own RUCs' changes.
 */
export const watch: Feature = {
  name: 'watch',
  commands: [vigilar, vigilados, dejar],
  migrations: watchMigrations,
  services: watchServices,
};
