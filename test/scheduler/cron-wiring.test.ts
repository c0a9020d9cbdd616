import { afterEach, describe, expect, it, vi } from 'vitest';
import { cronTicker } from '../../src/time/clock.js';
import { GROUP, lima, rateLookup, schedulerHarness } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('node-cron wiring', () => {
  it('the cron ticker fires once a minute until stopped', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T13:29:30Z') });
    const onTick = vi.fn();
    const ticker = cronTicker(onTick);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(onTick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onTick).toHaveBeenCalledTimes(2);
    ticker.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(onTick).toHaveBeenCalledTimes(2);
  });

  it('start() hands the scheduler’s tick to the ticker, which posts at the minute', async () => {
    const ticks: (() => void)[] = [];
    const rates = rateLookup('2026-11-20');
    const h = schedulerHarness({
      start: lima('2026-11-20 08:00'),
      lookup: rates.lookup,
      config: { groups: [{ id: GROUP, schedules: [{ job: 'tc', spec: '08:30' }] }] },
      extra: {
        ticker: (onTick) => {
          ticks.push(onTick);
          return { stop() {} };
        },
      },
    });
    try {
      await h.scheduler.start();
      expect(ticks).toHaveLength(1);
      h.clock.set(lima('2026-11-20 08:30'));
      ticks[0]?.();
      await vi.waitFor(() => expect(h.sent).toHaveLength(1));
    } finally {
      await h.close();
    }
  });
});
