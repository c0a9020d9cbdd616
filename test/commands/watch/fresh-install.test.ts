import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WATCH_CHECK } from '../../../commands/watch/check.js';
import { captureOutput } from '../../helpers/capture.js';
import { createBotHarness } from '../../helpers/bot-harness.js';

/**
 * A fresh install started after the day's watch time: nothing is watched, so nothing was missed,
 * and its first log lines must not warn "watch check skipped" (issue 22, a newcomer's first minutes).
 */
describe('watch check on a fresh install', () => {
  it('warns nothing when no RUC is watched, however late it starts', async () => {
    const log = captureOutput();
    const h = await createBotHarness({
      now: () => new Date('2026-11-24T22:00:00Z'), // Tuesday 17:00 Lima, hours after the check
      logger: pino({ level: 'info' }, log.stream),
    });
    try {
      const checker = h.app.services.registry.get(WATCH_CHECK);
      if (!checker) throw new Error('the watch feature is part of the app');
      await checker.tick(new Date('2026-11-24T22:00:00Z'));
      expect(log.text()).not.toContain('watch check skipped');
    } finally {
      await h.close();
    }
  });
});
