import { describe, expect, it } from 'vitest';
import type { LookupApi } from '../../src/lookup/api.js';
import { composeLookup, createLookupApi, handlerOf } from '../../src/lookup/call.js';
import { LookupCreditsError } from '../../src/lookup/errors.js';
import { createAlerts } from '../../src/ops/alerts.js';
import { alertOnCredits, watchScheduleFailures } from '../../src/ops/watchers.js';
import { openDatabase } from '../../src/store/sqlite.js';

describe('alert watchers', () => {
  it('raises schedule-failed once per run that ended failed after the watcher started', () => {
    const db = openDatabase({ dir: ':memory:' });
    const alerts = createAlerts();
    const run = db.prepare(
      'INSERT INTO schedule_runs (schedule_key, run_date, status, detail, at) VALUES (?, ?, ?, ?, ?)',
    );
    run.run('120363000000000001@g.us|tc|08:30', '2026-03-13', 'failed', '{"note":"old"}', 1_000);
    const watcher = watchScheduleFailures(db, alerts, { now: () => 2_000 });
    run.run(
      '120363000000000001@g.us|tc|08:30',
      '2026-03-14',
      'failed',
      '{"note":"failed: unavailable"}',
      3_000,
    );
    run.run('120363000000000001@g.us|afp|dia 1 09:00', '2026-03-14', 'sent', null, 3_500);
    watcher.check();
    watcher.check();
    watcher.stop();
    expect(alerts.recent().map((a) => a.details)).toEqual([
      {
        group: '120363000000000001@g.us',
        job: 'tc',
        spec: '08:30',
        date: '2026-03-14',
        note: 'failed: unavailable',
      },
    ]);
    db.close();
  });

  it('raises credits-exhausted from the lookup API at most once an hour, and still throws', async () => {
    const alerts = createAlerts();
    let now = 0;
    const api = {
      ruc: async () => {
        throw new LookupCreditsError('ruc', 402, 'sin créditos');
      },
    } as unknown as LookupApi;
    const watched = createLookupApi(composeLookup(handlerOf(api), [alertOnCredits(alerts, () => now)]));
    await expect(watched.ruc('20123456786')).rejects.toBeInstanceOf(LookupCreditsError);
    now = 60_000;
    await expect(watched.ruc('20123456786')).rejects.toThrow('credits exhausted');
    expect(alerts.recent()).toHaveLength(1);
    now = 3_700_000;
    await expect(watched.ruc('20123456786')).rejects.toThrow();
    expect(alerts.recent().map((a) => a.kind)).toEqual(['credits-exhausted', 'credits-exhausted']);
  });
});
