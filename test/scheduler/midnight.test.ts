import { afterEach, describe, expect, it } from 'vitest';
import { GROUP, lima, rateLookup, schedulerHarness } from './helpers.js';

let harness: ReturnType<typeof schedulerHarness> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A 23:00 post, with Chasqui running on the evening of Friday 20 until just before 23:00. */
async function downAtEleven() {
  const rates = rateLookup('2026-11-21');
  harness = schedulerHarness({
    start: lima('2026-11-20 22:00'),
    lookup: rates.lookup,
    config: {
      groups: [{ id: GROUP, schedules: [{ job: 'tc', spec: '23:00 todos' }] }],
      scheduler: { catchUpMinutes: 180 },
    },
  });
  await harness.scheduler.start();
  await harness.at(lima('2026-11-20 22:59'));
  await harness.scheduler.stop();
  return { h: harness, rates };
}

describe('scheduler: a late-evening post missed across midnight', () => {
  it('posts it once, late, when Chasqui is back after midnight within the window', async () => {
    const { h, rates } = await downAtEleven();
    expect(h.sent).toHaveLength(0);

    h.clock.set(lima('2026-11-21 00:30'));
    await h.restart();
    expect(h.texts()).toHaveLength(1);
    expect(h.texts()[0]).toContain('20/11/2026');
    expect(rates.state.calls).toEqual(['2026-11-20']);
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-20', status: 'sent' }]);

    await h.at(lima('2026-11-21 00:31'));
    await h.restart();
    expect(h.sent).toHaveLength(1);

    await h.at(lima('2026-11-21 23:00'));
    expect(h.texts()).toHaveLength(2);
    expect(h.texts()[1]).toContain('21/11/2026');
  });

  it('records it as skipped when Chasqui is back after the window', async () => {
    const { h, rates } = await downAtEleven();
    h.clock.set(lima('2026-11-21 02:01'));
    await h.restart();
    expect(h.sent).toHaveLength(0);
    expect(rates.state.calls).toHaveLength(0);
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-20', status: 'skipped' }]);
    expect(h.runs()[0]?.detail).toContain('missed by 181 min');
  });
});
