import cron from 'node-cron';
import type { Logger } from 'pino';
import { LIMA_TZ, limaDate } from '../time/lima.js';
import { editionAgeDays } from './age.js';
import { readEditionFile } from './edition-file.js';
import { livePath, removeLeftoversIfIdle } from './files.js';
import type { UpdateResult } from './importer.js';
import { lazy } from '../lazy.js';

/** The update (download, zip reader, edition worker): loaded for the first update, not at start. */
const loadImporter = lazy(() => import('./importer.js'));

/**
 * The mirror under `chasqui start`: leftovers of a killed update removed at start-up, one update
 * a day at a Lima wall-clock time (`padron.time`), one soon after start when there is no edition
 * or it is older than `padron.maxAgeDays`, and a warning in the log while it stays that old (plus
 * `onStale`, the ops alert, once a Lima day: checked after each update and every hour).
 */

export { editionAgeDays } from './age.js';

export interface PadronJobOptions {
  dataDir: string;
  url: string;
  /** 'HH:MM' (Lima) or 'off'. */
  time: string;
  maxAgeDays: number;
  minRowFraction: number;
  sandbox: boolean;
  logger: Logger;
  now?: () => Date;
  /** Delay of the catch-up update after start (default 60 s: let WhatsApp connect first). */
  catchUpDelayMs?: number;
  /** Told after each successful update (e.g. to refresh a reader in this process). */
  onUpdated?: (result: UpdateResult) => void;
  /**
   * Told when the live edition is older than `maxAgeDays`, at most once a Lima day (`chasqui
   * start`: the `padron-stale` alert). Never for a data directory without an edition.
   */
  onStale?: (stale: { edition: string; ageDays: number; maxAgeDays: number }) => void;
  /** How often the age is checked besides after each update (default an hour). */
  staleCheckMs?: number;
}

export interface PadronJob {
  /** One update now (the cron body); never throws, failures are logged. */
  runNow(): Promise<UpdateResult | undefined>;
  stop(): void;
}

export function startPadronJob(options: PadronJobOptions): PadronJob {
  const log = options.logger.child({ module: 'padron' });
  const now = options.now ?? (() => new Date());
  const removed = removeLeftoversIfIdle(options.dataDir);
  if (removed.length > 0) log.info({ removed }, 'removed files of an interrupted padrón update');

  let toldOn: string | undefined;
  /** True when there is no edition or it is too old; logs it (`always`, or once a Lima day) and tells `onStale` once a day. */
  const checkAge = (always: boolean) => {
    const edition = readEditionFile(livePath(options.dataDir));
    if (!edition) return true;
    const age = editionAgeDays(edition.edition, now());
    if (age <= options.maxAgeDays) return false;
    const stale = { edition: edition.edition, ageDays: age, maxAgeDays: options.maxAgeDays };
    const today = limaDate(now());
    const first = toldOn !== today;
    if (always || first) log.warn(stale, 'padrón edition is stale');
    if (first) {
      toldOn = today;
      options.onStale?.(stale);
    }
    return true;
  };
  const warnIfStale = () => checkAge(true);
  const runNow = async (): Promise<UpdateResult | undefined> => {
    try {
      const { updatePadron } = await loadImporter();
      const result = await updatePadron({ ...options, logger: log, now });
      options.onUpdated?.(result);
      return result;
    } catch (error) {
      log.error({ err: error }, 'padrón update failed; the previous edition stays in use');
      return undefined;
    } finally {
      warnIfStale();
    }
  };

  const stops: (() => void)[] = [];
  const ageCheck = setInterval(() => checkAge(false), options.staleCheckMs ?? 3_600_000);
  ageCheck.unref();
  stops.push(() => clearInterval(ageCheck));
  if (options.time !== 'off') {
    const [hour, minute] = options.time.split(':').map(Number);
    const task = cron.schedule(`${minute ?? 30} ${hour ?? 5} * * *`, () => void runNow(), {
      timezone: LIMA_TZ,
    });
    stops.push(() => void task.stop());
    if (warnIfStale()) {
      const timer = setTimeout(() => void runNow(), options.catchUpDelayMs ?? 60_000);
      timer.unref();
      stops.push(() => clearTimeout(timer));
    }
  } else {
    checkAge(true);
  }
  return { runNow, stop: () => stops.forEach((stop) => stop()) };
}
