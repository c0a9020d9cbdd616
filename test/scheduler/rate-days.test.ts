import { afterEach, describe, expect, it } from 'vitest';
import { GROUP, lima, rateLookup, schedulerHarness } from './helpers.js';

let harness: ReturnType<typeof schedulerHarness> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function setup(start: Date, latest: string, holidays: string[] = []) {
  const rates = rateLookup(latest);
  harness = schedulerHarness({
    start,
    lookup: rates.lookup,
    config: {
      groups: [{ id: GROUP, schedules: [{ job: 'tc', spec: '08:30' }] }],
      scheduler: { rateRetries: 3, rateRetryIntervalMinutes: 30, holidays },
    },
  });
  return { h: harness, rates };
}

describe('exchange-rate post on days without a rate of their own', () => {
  it('posts the last published rate at once the day after a holiday', async () => {
    // Thursday 10 December 2026: no SBS close on the 9th (holiday), so the 8th's publication applies.
    const { h, rates } = setup(lima('2026-12-10 07:00'), '2026-12-08');
    await h.at(lima('2026-12-10 08:30'));
    expect(h.texts()).toEqual([
      '*Tipo de cambio USD* · 10/12/2026\nCompra: *3.745*\nVenta: *3.752*\n_Rige el tipo de cambio publicado el 08/12/2026._',
    ]);
    expect(rates.state.calls).toHaveLength(1);
    expect(h.runs()).toMatchObject([{ run_date: '2026-12-10', status: 'sent' }]);
  });

  it('waits on a holiday after a business day: SUNAT publishes Monday’s close on it', async () => {
    // Tuesday 8 December 2026 (Inmaculada Concepción).
    const { h, rates } = setup(lima('2026-12-08 07:00'), '2026-12-07');
    await h.at(lima('2026-12-08 08:30'));
    expect(h.sent).toHaveLength(0);
    expect(h.runs()).toMatchObject([{ run_date: '2026-12-08', status: 'waiting' }]);
    rates.state.latest = '2026-12-08';
    await h.at(lima('2026-12-08 09:00'));
    expect(h.texts()).toEqual(['*Tipo de cambio USD* · 08/12/2026\nCompra: *3.745*\nVenta: *3.752*']);
  });

  it('posts at once after a holiday from config `scheduler.holidays` (Good Friday after Holy Thursday)', async () => {
    const { h, rates } = setup(lima('2026-04-03 07:00'), '2026-04-02', ['2026-04-02', '2026-04-03']);
    await h.at(lima('2026-04-03 08:30'));
    expect(h.texts()).toHaveLength(1);
    expect(h.texts()[0]).toContain('Rige el tipo de cambio publicado el 02/04/2026.');
    expect(rates.state.calls).toHaveLength(1);
  });

  it('waits for the day’s rate on the same date when the day before is not a configured holiday', async () => {
    const { h, rates } = setup(lima('2026-04-03 07:00'), '2026-04-02');
    await h.at(lima('2026-04-03 08:30'));
    expect(h.sent).toHaveLength(0);
    expect(h.runs()).toMatchObject([{ run_date: '2026-04-03', status: 'waiting' }]);
    rates.state.latest = '2026-04-03';
    await h.at(lima('2026-04-03 09:00'));
    expect(h.texts()).toEqual(['*Tipo de cambio USD* · 03/04/2026\nCompra: *3.745*\nVenta: *3.752*']);
  });
});
