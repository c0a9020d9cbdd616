import { afterAll, describe, expect, it } from 'vitest';
import { FREE_SOURCES } from '../../src/bot/ports.js';
import { silentLogger } from '../../src/logger.js';
import { startPadronJob } from '../../src/padron/job.js';
import { createAlerts } from '../../src/ops/alerts.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';

/**
 * The daily update as `chasqui start` wires it (src/cli/start.ts): the app's reader answers from
 * each new edition once the job swaps it in, and an edition older than `padron.maxAgeDays` raises
 * the `padron-stale` alert once a Lima day. The sandbox dates its padrón by its own clock.
 */
let clock = new Date('2026-11-18T15:00:00Z');
const harness: { h?: BotHarness } = {};
afterAll(async () => {
  await harness.h?.close();
});

describe('padrón job under start', () => {
  it('has the running app read each new edition, and raises padron-stale once a day while too old', async () => {
    const h = await createBotHarness({ now: () => clock });
    harness.h = h;
    const alerts = createAlerts({ now: () => clock });
    const free = h.app.services.registry.get(FREE_SOURCES)!;
    const job = startPadronJob({
      ...h.config.padron,
      url: `${h.sandbox.padronUrl}?rows=1000`,
      time: 'off',
      dataDir: h.dataDir,
      sandbox: true,
      logger: silentLogger(),
      now: () => clock,
      onUpdated: () => h.app.padron?.refresh(),
      onStale: (stale) => alerts.raise('padron-stale', stale),
    });
    try {
      // No edition yet: nothing to call stale (a fresh install is not an alert).
      expect(free.status()).toBeUndefined();
      expect(alerts.recent()).toEqual([]);

      expect((await job.runNow())?.status).toBe('updated');
      expect(free.status()).toMatchObject({ edition: { edition: '2026-11-18', rows: 1000 }, ageDays: 0 });
      expect(free.padron.lookupRuc('20123456786')?.name).toBe('TRANSPORTES ANDINOS DEL SUR S.A.C.');

      clock = new Date('2026-11-19T15:00:00Z'); // the sandbox publishes the 19th's edition
      expect((await job.runNow())?.status).toBe('updated');
      expect(free.freshEdition()?.edition).toBe('2026-11-19');

      // SUNAT stops publishing: the sandbox keeps serving the 19th's file (unchanged, 304).
      const url = `${h.sandbox.padronUrl}?rows=1000&edition=2026-11-19`;
      const stuck = startPadronJob({
        ...h.config.padron,
        url,
        time: 'off',
        dataDir: h.dataDir,
        sandbox: true,
        logger: silentLogger(),
        now: () => clock,
        onStale: (stale) => alerts.raise('padron-stale', stale),
      });
      try {
        clock = new Date('2026-11-24T15:00:00Z');
        expect((await stuck.runNow())?.status).toBe('unchanged');
        await stuck.runNow();
        expect(alerts.recent().map((alert) => [alert.kind, alert.details])).toEqual([
          ['padron-stale', { edition: '2026-11-19', ageDays: 5, maxAgeDays: 3 }],
        ]);
        expect(free.freshEdition()).toBeUndefined();
        expect(free.status()).toMatchObject({ ageDays: 5, stale: true });
        clock = new Date('2026-11-25T15:00:00Z');
        await stuck.runNow();
        expect(alerts.recent().map((alert) => alert.details.ageDays)).toEqual([6, 5]);
      } finally {
        stuck.stop();
      }
    } finally {
      job.stop();
    }
  });
});
