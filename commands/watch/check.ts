import type { Logger } from 'pino';
import { serviceKey } from '../../src/bot/registry.js';
import type { LookupApi } from '../../src/lookup/api.js';
import { failureKind } from '../../src/lookup/errors.js';
import type { PadronTaxpayer } from '../../src/padron/port.js';
import type { TemplateRenderer } from '../../src/scheduler/job.js';
import type { RunLedger } from '../../src/scheduler/port.js';
import { type Clock, cronTicker, type Ticker } from '../../src/time/clock.js';
import { addDays, isPeruHoliday, limaDate, limaInstant, weekdayOf } from '../../src/time/lima.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';
import type { WatchConfig } from '../../src/config/types.js';
import { isDue, observe, type WatchSources } from './observe.js';
import { diffStates } from './state.js';
import type { WatchStore } from './store.js';

/** Run keys in `schedule_runs`: the shared check of a date, and each group's report of it. */
const CHECK_KEY = 'watch|check';
const reportKey = (chatId: string) => `watch|${chatId}`;
const summaryKey = (chatId: string) => `watch-summary|${chatId}`;

const MINUTE = 60_000;
const SUMMARY_WEEKDAY: Record<WatchConfig['weeklySummary'], number | undefined> = {
  off: undefined,
  lun: 1,
  mar: 2,
  mie: 3,
  jue: 4,
  vie: 5,
};

interface WatchCheckSettings {
  watch: WatchConfig;
  catchUpMinutes: number;
  retries: number;
  retryIntervalMinutes: number;
  holidays: ReadonlySet<string>;
}

export interface WatchCheckerDeps {
  store: WatchStore;
  /** The scheduler's run rows: the same exactly-once gate (`finish`) as scheduled posts. */
  runs: RunLedger;
  /** Lookups accounted to WATCH_ACCOUNT through the cached, coalesced path. */
  lookup: LookupApi;
  /** The padrón mirror's row of a RUC (estado and condición free); absent: every RUC is paid for. */
  register?: (ruc: string) => PadronTaxpayer | undefined;
  /** Counts a `ruc` lookup the mirror answered instead. */
  saved?: () => void;
  templates: TemplateRenderer;
  send: (chatId: string, message: OutgoingMessage) => Promise<void>;
  transaction: <T>(fn: () => T) => T;
  settings: () => WatchCheckSettings;
  log: Logger;
  clock: Clock;
  isGroupActive?: (chatId: string) => boolean | undefined;
  ticker?: Ticker;
  /** Lookups in flight at once during the check. */
  concurrency?: number;
}

export interface WatchChecker {
  /** Does what is due at `now`: the shared check, then each group's change report (once each). */
  tick(now?: Date): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** The daily check in the app's registry (tests tick it; it starts with the scheduled posts). */
export const WATCH_CHECK = serviceKey<WatchChecker>('watch-check');

/** Monday to Friday, not a holiday (fixed national ones plus `scheduler.holidays`). */
function isWatchDay(date: string, holidays: ReadonlySet<string>): boolean {
  const weekday = weekdayOf(date);
  return weekday >= 1 && weekday <= 5 && !isPeruHoliday(date, holidays);
}

/**
 * The daily watch check, on the scheduler's machinery: a minute ticker, run rows in
 * `schedule_runs`, the catch-up window, retries with `markWaiting`, and `finish` written in the
 * same transaction as the hand-over to the outbox, so a group never gets a report twice.
 */
export function createWatchChecker(deps: WatchCheckerDeps): WatchChecker {
  const { store, runs, log } = deps;
  let running: Promise<void> | undefined;
  let ticker: { stop(): void } | undefined;
  const delivered = new Set<string>();
  const sources: WatchSources = {
    lookup: deps.lookup,
    register: (ruc) => deps.register?.(ruc),
    saved: () => deps.saved?.(),
    log,
  };

  /** Observes every watched RUC not yet observed on `date`; returns how many lookups failed. */
  async function checkAll(date: string, now: Date): Promise<number> {
    const { watch } = deps.settings();
    const queue = store.rucs();
    let failed = 0;
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const snap = store.snapshot(item.ruc);
        if (snap?.checkedDate === date) continue;
        try {
          const seen = await observe(item.ruc, {
            date,
            ...(snap ? { previous: snap.state } : {}),
            debtDue: isDue(watch.debtCheck, snap?.debtCheckedDate, date),
            flagsCheck: watch.flagsCheck,
            sources,
          });
          store.observe(item.ruc, seen.state, date, seen.debtChecked, now);
        } catch (error) {
          failed += 1;
          log.warn({ kind: failureKind(error) }, 'watch: taxpayer check failed');
        }
      }
    };
    await Promise.all(Array.from({ length: deps.concurrency ?? 4 }, worker));
    return failed;
  }

  /** Hands one message over exactly once (run row and outbox insert in one transaction). */
  async function postOnce(
    key: string,
    date: string,
    chatId: string,
    text: string,
    note: string,
    after: () => void,
  ) {
    let handedOver: Promise<void> | undefined;
    const recorded = deps.transaction(() => {
      if (!runs.finish(key, date, 'sent', note, deps.clock.now())) return false;
      after();
      handedOver = deps.send(chatId, { kind: 'text', text });
      return true;
    });
    if (!recorded) return;
    try {
      await handedOver;
    } catch (error) {
      runs.annotate(key, date, `${note}; send failed`);
      log.error({ err: error, key, date }, 'watch report could not be handed to the sender');
    }
  }

  async function deliver(date: string): Promise<void> {
    const settings = deps.settings();
    const done = new Set(
      runs
        .runs([date], date)
        .filter((r) => r.status !== 'waiting')
        .map((r) => r.key),
    );
    const summaryDay = SUMMARY_WEEKDAY[settings.watch.weeklySummary] === weekdayOf(date);
    for (const chatId of store.chats()) {
      const active = deps.isGroupActive?.(chatId) !== false;
      const items = store.items(chatId);
      if (!done.has(reportKey(chatId))) {
        const changed = items
          .map((item) => {
            const current = store.snapshot(item.ruc)?.state ?? item.seen;
            return { item, current, cambios: diffStates(item.seen, current) };
          })
          .filter((entry) => entry.cambios.length > 0);
        if (!active || changed.length === 0) {
          runs.finish(
            reportKey(chatId),
            date,
            'skipped',
            active ? 'no changes' : 'group inactive',
            deps.clock.now(),
          );
        } else {
          const text = deps.templates.render('vigilar-cambios', {
            total: changed.reduce((sum, entry) => sum + entry.cambios.length, 0),
            rucs: changed.map(({ item, current, cambios }) => ({
              ruc: item.ruc,
              nombre: current.name,
              nota: item.note,
              cambios,
            })),
          });
          await postOnce(reportKey(chatId), date, chatId, text, `${changed.length} RUC changed`, () => {
            for (const { item, current } of changed) store.markSeen(chatId, item.rucKey, current);
          });
        }
      }
      if (summaryDay && active && !done.has(summaryKey(chatId)) && items.length > 0) {
        const text = deps.templates.render('vigilar-resumen', { fecha: date, vigilados: store.list(chatId) });
        await postOnce(summaryKey(chatId), date, chatId, text, `${items.length} watched`, () => undefined);
      }
    }
  }

  async function runDate(date: string, now: Date): Promise<void> {
    const settings = deps.settings();
    const [hour, minute] = settings.watch.time.split(':').map(Number) as [number, number];
    const scheduledAt = limaInstant(date, hour, minute);
    if (!isWatchDay(date, settings.holidays) || now < scheduledAt) return;
    const row = runs.runs([date], date).find((r) => r.key === CHECK_KEY);
    if (row && row.status !== 'waiting') {
      if (row.status === 'sent' && !delivered.has(date)) {
        await deliver(date);
        delivered.add(date);
      }
      return;
    }
    if (row?.nextAt && row.nextAt > now) return;
    // Nothing watched (a fresh install): nothing was missed either, so no warning.
    if (store.chats().length === 0) return;
    const delay = now.getTime() - (row?.nextAt ?? scheduledAt).getTime();
    if (delay > settings.catchUpMinutes * MINUTE) {
      runs.finish(CHECK_KEY, date, 'skipped', `missed by ${Math.floor(delay / MINUTE)} min`, now);
      log.warn({ date }, 'watch check skipped: missed beyond the catch-up window');
      return;
    }
    const attempt = row?.attempts ?? 0;
    const failed = await checkAll(date, now);
    if (failed > 0 && attempt < settings.retries) {
      const nextAt = new Date(now.getTime() + settings.retryIntervalMinutes * MINUTE);
      runs.markWaiting(CHECK_KEY, date, attempt + 1, nextAt, `${failed} lookups failed`, now);
      log.warn({ date, failed, nextAt: nextAt.toISOString() }, 'watch check retried later');
      return;
    }
    runs.finish(
      CHECK_KEY,
      date,
      'sent',
      failed > 0 ? `${failed} lookups failed` : 'checked',
      deps.clock.now(),
    );
    log.info({ date, rucs: store.distinctCount(), failed }, 'watch check done');
    await deliver(date);
    delivered.add(date);
  }

  async function tick(now: Date = deps.clock.now()): Promise<void> {
    if (running) return running;
    const today = limaDate(now);
    running = (async () => {
      for (const date of [addDays(today, -1), today]) await runDate(date, now);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'watch check failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    tick,
    start() {
      ticker?.stop();
      void tick();
      ticker = (deps.ticker ?? cronTicker)(() => void tick());
    },
    async stop() {
      ticker?.stop();
      ticker = undefined;
      await running;
    },
  };
}
