import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobs } from '../../src/app/features.js';
import { SCHEDULES } from '../../src/bot/ports.js';
import type { ServiceRegistry } from '../../src/bot/registry.js';
import { type Config, parseConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import type { LookupApi } from '../../src/lookup/api.js';
import type { ExchangeRate } from '../../src/lookup/schemas/index.js';
import { createTemplates, type Templates } from '../../src/render/templates.js';
import type { Ticker } from '../../src/time/clock.js';
import { createFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { createScheduler, type SchedulerDeps } from '../../src/scheduler/scheduler.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';
import { fakeLookup } from '../helpers/fakes.js';

export const GROUP = '120363000000000001@g.us';
export const OTHER_GROUP = '120363000000000002@g.us';
export const ADMIN = '51987654321';

/** Lima wall time → the UTC instant (Lima is UTC−5): `lima('2026-11-23 08:30')`. */
export function lima(text: string): Date {
  const [date, time = '00:00'] = text.split(' ');
  return new Date(`${date}T${time}:00-05:00`);
}

let templates: Templates | undefined;
/** The real templates (loaded once per file). */
export function realTemplates(): Templates {
  templates ??= createTemplates();
  return templates;
}

/**
 * An exchange-rate lookup whose latest published day the test controls. Sundays are never
 * published (like the sandbox); `fail` makes the next calls throw.
 */
export function rateLookup(initialLatest: string) {
  const state = {
    latest: initialLatest,
    calls: [] as string[],
    fail: undefined as (() => Error) | undefined,
  };
  const lookup = fakeLookup({
    async exchangeRate(fecha: string): Promise<ExchangeRate> {
      state.calls.push(fecha);
      if (state.fail) throw state.fail();
      let used = fecha < state.latest ? fecha : state.latest;
      while (new Date(`${used}T12:00:00Z`).getUTCDay() === 0) {
        const d = new Date(`${used}T12:00:00Z`);
        d.setUTCDate(d.getUTCDate() - 1);
        used = d.toISOString().slice(0, 10);
      }
      return {
        moneda: 'USD',
        fecha_busqueda: fecha,
        fecha_taxauth: used,
        venta: 3.752,
        compra: 3.745,
        date: used,
        sale: 3.752,
        purchase: 3.745,
      };
    },
  });
  return { lookup, state };
}

export interface SchedulerHarnessOptions {
  start: Date;
  /** A fixed API, or a factory given the database (e.g. the cached facade's `forChat`). */
  lookup: LookupApi | ((db: SqliteDatabase) => (chatId: string) => LookupApi);
  /** Config file data merged over the defaults (`groups`, `scheduler`, `admins`, ...). */
  config?: Record<string, unknown>;
  extra?: Partial<SchedulerDeps>;
}

interface Sent {
  chatId: string;
  message: OutgoingMessage;
}

/** A scheduler on a temp data dir with a fake clock and a recording sender; `restart` reopens it. */
export function schedulerHarness(options: SchedulerHarnessOptions) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-scheduler-'));
  const config: Config = parseConfig({ admins: [ADMIN], ...options.config }, {});
  const clock: FakeClock = createFakeClock(options.start);
  const sent: Sent[] = [];
  let db: SqliteDatabase;
  const manualTicker: Ticker = () => ({ stop() {} });
  const build = () => {
    db = openDatabase({ dir });
    const given = options.lookup;
    return createScheduler({
      db,
      config,
      lookup: typeof given === 'function' ? given(db) : () => given,
      jobs,
      templates: realTemplates(),
      send: async (chatId, message) => {
        sent.push({ chatId, message });
      },
      logger: silentLogger(),
      clock,
      ticker: manualTicker,
      ...options.extra,
    });
  };
  let scheduler = build();
  return {
    clock,
    config,
    sent,
    get scheduler() {
      return scheduler;
    },
    get db() {
      return db;
    },
    /** Texts sent to a chat (default the fixture group). */
    texts(chatId = GROUP): string[] {
      return sent
        .filter((s) => s.chatId === chatId)
        .map((s) => (s.message.kind === 'text' ? s.message.text : ''));
    },
    /** Moves the clock and ticks. */
    async at(when: Date) {
      clock.set(when);
      await scheduler.tick();
    },
    runs() {
      return db
        .prepare('SELECT schedule_key, run_date, status, detail FROM schedule_runs ORDER BY at')
        .all() as {
        schedule_key: string;
        run_date: string;
        status: string;
        detail: string;
      }[];
    },
    async restart() {
      await scheduler.stop();
      db.close();
      scheduler = build();
      await scheduler.start();
      await scheduler.idle();
    },
    async close() {
      await scheduler.stop();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives a bot harness (test/helpers/bot-harness.ts) a scheduler on its app's database, sending
 * through the app's transport (so posts land in `outbox`). Call again after `restart()`.
 */
export function attachScheduler(
  h: {
    app: {
      db: SqliteDatabase;
      config: Config;
      lookup: LookupApi;
      services: { registry: ServiceRegistry };
      transport: { send: SchedulerDeps['send'] };
    };
  },
  clock: FakeClock,
) {
  const scheduler = createScheduler({
    db: h.app.db,
    config: h.app.config,
    lookup: () => h.app.lookup,
    jobs,
    templates: realTemplates(),
    send: (chatId, message) => h.app.transport.send(chatId, message),
    logger: silentLogger(),
    clock,
    ticker: () => ({ stop() {} }),
  });
  h.app.services.registry.set(SCHEDULES, scheduler);
  return scheduler;
}
