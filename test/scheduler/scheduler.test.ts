import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { LookupCreditsError, LookupNetworkError } from '../../src/lookup/errors.js';
import { parseScheduleSpec } from '../../src/scheduler/schedule-spec.js';
import { createScheduler } from '../../src/scheduler/scheduler.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { ADMIN, GROUP, lima, OTHER_GROUP, rateLookup, realTemplates, schedulerHarness } from './helpers.js';

const originalTz = process.env.TZ;
type Harness = ReturnType<typeof schedulerHarness>;
let harness: Harness | undefined;

function setup(options: { start: Date; latest: string; spec?: string; scheduler?: Record<string, unknown> }) {
  const rates = rateLookup(options.latest);
  harness = schedulerHarness({
    start: options.start,
    lookup: rates.lookup,
    config: {
      groups: [
        { id: GROUP, name: 'Despacho Lima', schedules: [{ job: 'tc', spec: options.spec ?? '08:30' }] },
      ],
      scheduler: { catchUpMinutes: 180, rateRetries: 3, rateRetryIntervalMinutes: 30, ...options.scheduler },
    },
  });
  return { h: harness, rates };
}

beforeEach(() => {
  process.env.TZ = 'UTC';
});

afterEach(async () => {
  process.env.TZ = originalTz;
  await harness?.close();
  harness = undefined;
});

describe('scheduler: the morning exchange-rate post', () => {
  it('posts at 08:30 Lima (13:30Z) on a UTC server, once', async () => {
    const { h, rates } = setup({ start: lima('2026-11-20 07:00'), latest: '2026-11-20' });
    await h.scheduler.start();
    await h.scheduler.idle();
    await h.at(lima('2026-11-20 08:29'));
    expect(h.sent).toHaveLength(0);

    await h.at(new Date('2026-11-20T13:30:00Z'));
    expect(h.texts()).toEqual(['*Tipo de cambio USD* · 20/11/2026\nCompra: *3.745*\nVenta: *3.752*']);
    expect(rates.state.calls).toEqual(['2026-11-20']);

    await h.at(lima('2026-11-20 08:31'));
    await h.at(lima('2026-11-20 15:00'));
    expect(h.sent).toHaveLength(1);
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-20', status: 'sent' }]);
  });

  it('skips Sunday by default', async () => {
    const { h, rates } = setup({ start: lima('2026-11-22 07:00'), latest: '2026-11-21' });
    await h.at(lima('2026-11-22 08:30'));
    await h.at(lima('2026-11-22 12:00'));
    expect(h.sent).toHaveLength(0);
    expect(rates.state.calls).toEqual([]);
  });

  it('posts on Sunday with "todos", saying the rate is Saturday’s, without waiting', async () => {
    const { h, rates } = setup({
      start: lima('2026-11-22 07:00'),
      latest: '2026-11-21',
      spec: '08:30 todos',
    });
    await h.at(lima('2026-11-22 08:30'));
    expect(h.texts()).toEqual([
      '*Tipo de cambio USD* · 22/11/2026\nCompra: *3.745*\nVenta: *3.752*\n_Rige el tipo de cambio publicado el 21/11/2026._',
    ]);
    expect(rates.state.calls).toHaveLength(1);
  });

  it('on Monday posts Saturday’s rate at once with the note (no rate is published on Mondays)', async () => {
    const { h, rates } = setup({ start: lima('2026-11-23 07:00'), latest: '2026-11-21' });
    await h.at(lima('2026-11-23 08:30'));
    expect(h.texts()).toEqual([
      '*Tipo de cambio USD* · 23/11/2026\nCompra: *3.745*\nVenta: *3.752*\n_Rige el tipo de cambio publicado el 21/11/2026._',
    ]);
    expect(rates.state.calls).toEqual(['2026-11-23']);
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-23', status: 'sent' }]);
    await h.at(lima('2026-11-23 09:00'));
    expect(rates.state.calls).toHaveLength(1);
  });

  it('on Tuesday with only Monday’s rate, retries and then posts it with the note', async () => {
    const { h, rates } = setup({ start: lima('2026-11-24 07:00'), latest: '2026-11-23' });
    await h.at(lima('2026-11-24 08:30'));
    expect(h.sent).toHaveLength(0);
    expect(h.runs()).toMatchObject([{ status: 'waiting' }]);

    await h.at(lima('2026-11-24 08:59'));
    expect(rates.state.calls).toHaveLength(1);
    for (const time of ['09:00', '09:30']) {
      await h.at(lima(`2026-11-24 ${time}`));
      expect(h.sent).toHaveLength(0);
    }
    await h.at(lima('2026-11-24 10:00'));
    expect(rates.state.calls).toEqual(Array(4).fill('2026-11-24'));
    expect(h.texts()).toHaveLength(1);
    expect(h.texts()[0]).toContain(
      'Aún no se publica el tipo de cambio del 24/11/2026; este es el último, publicado el 23/11/2026.',
    );
    expect(h.runs()).toMatchObject([{ status: 'sent' }]);
  });

  it('posts without a note as soon as a retry finds the day’s rate', async () => {
    const { h, rates } = setup({ start: lima('2026-11-20 07:00'), latest: '2026-11-19' });
    await h.at(lima('2026-11-20 08:30'));
    expect(h.sent).toHaveLength(0);
    rates.state.latest = '2026-11-20';
    await h.at(lima('2026-11-20 09:00'));
    expect(h.texts()).toEqual(['*Tipo de cambio USD* · 20/11/2026\nCompra: *3.745*\nVenta: *3.752*']);
    expect(rates.state.calls).toHaveLength(2);
  });

  it('a waiting retry survives a restart', async () => {
    const { h, rates } = setup({ start: lima('2026-11-20 07:00'), latest: '2026-11-19' });
    await h.at(lima('2026-11-20 08:30'));
    h.clock.set(lima('2026-11-20 08:45'));
    await h.restart();
    expect(rates.state.calls).toHaveLength(1);
    rates.state.latest = '2026-11-20';
    await h.at(lima('2026-11-20 09:00'));
    expect(h.sent).toHaveLength(1);
    expect(rates.state.calls).toHaveLength(2);
  });
});

describe('scheduler: exactly once, catch-up and skip', () => {
  it('never posts twice across a restart at the scheduled minute', async () => {
    const { h } = setup({ start: lima('2026-11-20 08:00'), latest: '2026-11-20' });
    await h.scheduler.start();
    await h.at(new Date('2026-11-20T13:30:05Z'));
    expect(h.sent).toHaveLength(1);

    h.clock.set(new Date('2026-11-20T13:30:40Z'));
    await h.restart(); // reopen the database; start() runs the catch-up tick
    await h.at(new Date('2026-11-20T13:30:50Z'));
    await h.at(lima('2026-11-20 08:31'));
    expect(h.sent).toHaveLength(1);
  });

  it('posts once, late, when started within the catch-up window', async () => {
    const { h } = setup({ start: lima('2026-11-20 10:00'), latest: '2026-11-20' });
    await h.scheduler.start();
    await h.scheduler.idle();
    expect(h.texts()).toHaveLength(1);
    expect(h.texts()[0]).toContain('20/11/2026');
    await h.at(lima('2026-11-20 10:01'));
    expect(h.sent).toHaveLength(1);
  });

  it('skips (and records) a post missed beyond the window, then posts the next day', async () => {
    const { h, rates } = setup({ start: lima('2026-11-20 11:31'), latest: '2026-11-20' });
    await h.scheduler.start();
    await h.scheduler.idle();
    expect(h.sent).toHaveLength(0);
    expect(rates.state.calls).toHaveLength(0);
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-20', status: 'skipped' }]);

    rates.state.latest = '2026-11-21';
    await h.at(lima('2026-11-21 08:30'));
    expect(h.texts()).toHaveLength(1);
    expect(h.texts()[0]).toContain('21/11/2026');
  });

  it('treats the window edge as inclusive (180 minutes late still posts)', async () => {
    const { h } = setup({ start: lima('2026-11-20 11:30'), latest: '2026-11-20' });
    await h.scheduler.start();
    await h.scheduler.idle();
    expect(h.sent).toHaveLength(1);
  });
});

describe('scheduler: failures', () => {
  it('retries a failing lookup, reports it to the admins, and posts normally the next day', async () => {
    const { h, rates } = setup({ start: lima('2026-11-20 08:00'), latest: '2026-11-20' });
    await h.scheduler.start();
    rates.state.fail = () => new LookupNetworkError('exchangeRate', 'ECONNREFUSED');
    for (const time of ['08:30', '09:00', '09:30']) {
      await h.at(lima(`2026-11-20 ${time}`));
      expect(h.sent).toHaveLength(0);
    }
    await h.at(lima('2026-11-20 10:00'));
    expect(rates.state.calls).toHaveLength(4);
    expect(h.texts(GROUP)).toHaveLength(0);
    const report = h.texts(`${ADMIN}@s.whatsapp.net`);
    expect(report).toHaveLength(1);
    expect(report[0]).toContain('Publicación programada no enviada');
    expect(report[0]).toContain('Despacho Lima');
    expect(report[0]).toContain('El servicio de consultas no respondió.');
    expect(report[0]).toContain('Se intentó 4 veces');
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-20', status: 'failed' }]);

    await h.at(lima('2026-11-20 10:30'));
    expect(rates.state.calls).toHaveLength(4);

    rates.state.fail = undefined;
    rates.state.latest = '2026-11-21';
    await h.at(lima('2026-11-21 08:30'));
    expect(h.texts(GROUP)).toHaveLength(1);
    expect(h.texts(GROUP)[0]).toContain('21/11/2026');
  });

  it('names exhausted credits in the admins’ report', async () => {
    const { h, rates } = setup({
      start: lima('2026-11-20 08:00'),
      latest: '2026-11-20',
      scheduler: { rateRetries: 0 },
    });
    rates.state.fail = () =>
      new LookupCreditsError('exchangeRate', 403, 'No cuenta con créditos suficientes en su plan');
    await h.at(lima('2026-11-20 08:30'));
    expect(h.texts(`${ADMIN}@s.whatsapp.net`)[0]).toContain('Se acabaron los créditos');
    expect(h.texts(`${ADMIN}@s.whatsapp.net`)[0]).toContain('Se intentó 1 vez.');
  });

  it('does not post again when the sender failed after the run was recorded', async () => {
    let attempts = 0;
    harness = schedulerHarness({
      start: lima('2026-11-20 08:00'),
      lookup: rateLookup('2026-11-20').lookup,
      config: { groups: [{ id: GROUP, schedules: [{ job: 'tc', spec: '08:30' }] }] },
      extra: {
        send: async () => {
          attempts++;
          throw new Error('outbox full');
        },
      },
    });
    await harness.at(lima('2026-11-20 08:30'));
    await harness.at(lima('2026-11-20 08:31'));
    expect(attempts).toBe(1);
    expect(harness.runs()).toMatchObject([{ status: 'sent' }]);
    expect(harness.runs()[0]?.detail).toContain('send failed');
  });
});

describe('scheduler: schedules', () => {
  it('a deactivated group gets no post', async () => {
    const rates = rateLookup('2026-11-20');
    harness = schedulerHarness({
      start: lima('2026-11-20 08:00'),
      lookup: rates.lookup,
      config: { groups: [{ id: GROUP, schedules: [{ job: 'tc', spec: '08:30' }] }] },
      extra: { isGroupActive: (chatId) => (chatId === GROUP ? false : undefined) },
    });
    await harness.at(lima('2026-11-20 08:30'));
    expect(harness.sent).toHaveLength(0);
    expect(harness.runs()).toMatchObject([{ status: 'skipped' }]);
  });

  it('a schedule added in the chat after its time starts the next day, and survives a restart', async () => {
    const { h, rates } = setup({
      start: lima('2026-11-20 10:00'),
      latest: '2026-11-20',
      spec: 'dia 1 09:00',
    });
    const added = h.scheduler.add({
      chatId: GROUP,
      job: 'tc',
      spec: parseScheduleSpec('08:30 todos'),
      by: 'test',
    });
    expect(added.ok).toBe(true);
    await h.at(lima('2026-11-20 10:01'));
    expect(h.sent).toHaveLength(0);

    await h.restart();
    expect(h.scheduler.list(GROUP).map((e) => `${e.source} ${e.job} ${e.specText}`)).toEqual([
      'config tc dia 1 09:00',
      'chat tc 08:30 todos',
    ]);
    rates.state.latest = '2026-11-21';
    await h.at(lima('2026-11-21 08:30'));
    expect(h.texts()).toHaveLength(1);
    expect(h.texts()[0]).toContain('21/11/2026');
  });

  it('refuses duplicates and config removals; removes chat schedules by position', async () => {
    const { h } = setup({ start: lima('2026-11-20 10:00'), latest: '2026-11-20' });
    await h.scheduler.start();
    const dup = h.scheduler.add({ chatId: GROUP, job: 'tc', spec: parseScheduleSpec('8:30'), by: 'test' });
    expect(dup).toMatchObject({ ok: false, reason: 'duplicate' });
    h.scheduler.add({ chatId: GROUP, job: 'afp', spec: parseScheduleSpec('dia 1 09:00'), by: 'test' });
    expect(h.scheduler.remove(GROUP, 1)).toMatchObject({ ok: false, reason: 'config' });
    expect(h.scheduler.remove(GROUP, 3)).toMatchObject({ ok: false, reason: 'not-found' });
    expect(h.scheduler.remove(GROUP, 2)).toMatchObject({ ok: true, entry: { job: 'afp' } });
    expect(h.scheduler.list(GROUP)).toHaveLength(1);
  });

  it('follows config changes on start: removed config schedules go, chat ones stay', async () => {
    const { h } = setup({ start: lima('2026-11-20 10:00'), latest: '2026-11-20' });
    await h.scheduler.start();
    h.scheduler.add({ chatId: GROUP, job: 'afp', spec: parseScheduleSpec('dia 1 09:00'), by: 'test' });
    const group = h.config.groups[0];
    if (group) group.schedules = [{ job: 'tc', spec: '07:00 lun-vie' }];
    await h.restart();
    expect(h.scheduler.list(GROUP).map((e) => `${e.source} ${e.specText}`)).toEqual([
      'config 07:00 lun-vie',
      'chat dia 1 09:00',
    ]);
  });

  it('resolves config groups given by name on start, and keeps their rows while unresolved', async () => {
    const rates = rateLookup('2026-11-20');
    let known = true;
    harness = schedulerHarness({
      start: lima('2026-11-20 08:00'),
      lookup: rates.lookup,
      config: { groups: [{ name: 'Contabilidad', schedules: [{ job: 'tc', spec: '08:30' }] }] },
      extra: {
        resolveGroupName: async (name) => (known && name === 'Contabilidad' ? OTHER_GROUP : undefined),
      },
    });
    await harness.scheduler.start();
    expect(harness.scheduler.list(OTHER_GROUP).map((e) => e.specText)).toEqual(['08:30']);
    known = false;
    await harness.restart();
    expect(harness.scheduler.list(OTHER_GROUP)).toHaveLength(1);
    await harness.at(lima('2026-11-20 08:30'));
    expect(harness.texts(OTHER_GROUP)).toHaveLength(1);
  });

  it('stops start-up on a bad configured schedule, naming the key', () => {
    const db = openDatabase({ dir: ':memory:' });
    const config = parseConfig(
      {
        groups: [
          {
            id: GROUP,
            schedules: [
              { job: 'tc', spec: '25:00' },
              { job: 'xyz', spec: '08:00' },
            ],
          },
        ],
      },
      {},
    );
    const build = () =>
      createScheduler({
        db,
        config,
        lookup: () => rateLookup('2026-11-20').lookup,
        templates: realTemplates(),
        send: async () => {},
        logger: silentLogger(),
      });
    expect(build).toThrow(ConfigError);
    try {
      build();
    } catch (error) {
      expect((error as ConfigError).issues.map((i) => i.path)).toEqual([
        'groups[0].schedules[0].spec',
        'groups[0].schedules[1].job',
      ]);
      expect((error as Error).message).toContain('bad time');
    }
    db.close();
  });
});
