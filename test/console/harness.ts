import { createApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import type { ConsoleDeps } from '../../src/console/context.js';
import { createAlerts } from '../../src/ops/alerts.js';
import { createDbStats } from '../../src/ops/db-stats.js';
import { createMetrics } from '../../src/ops/metrics.js';
import { createWhatsAppState } from '../../src/ops/whatsapp-state.js';
import { silentLogger } from '../../src/logger.js';
import { createScheduleStore } from '../../src/scheduler/store.js';
import { openDatabase } from '../../src/store/sqlite.js';

/** Console dependencies over an in-memory app and database (HTTP tests without WhatsApp). */
export function consoleHarness(dataDir: string) {
  const db = openDatabase({ dir: ':memory:' });
  const config = parseConfig({ groups: [{ id: '120363000000000201@g.us', personalData: true }] }, {});
  const app = createApp({ config, db, runSchedules: false, lookup: {} as never });
  const state = createWhatsAppState();
  const stats = createDbStats(db);
  const alerts = createAlerts();
  const metrics = createMetrics({ stats, closes: () => state.closes() });
  const deps: ConsoleDeps = {
    db,
    dataDir,
    services: app.services,
    scheduleStore: createScheduleStore(db),
    policy: config,
    pairing: state,
    alerts,
    metrics,
    stats,
    sandbox: true,
    logger: silentLogger(),
  };
  return {
    deps,
    state,
    db,
    alerts,
    async close() {
      await app.close();
      db.close();
    },
  };
}

/** The session cookie and CSRF token of a fresh login form. */
export async function loginForm(baseUrl: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${baseUrl}/login`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await response.text())?.[1] ?? '';
  return { cookie, csrf };
}
