import cron from 'node-cron';
import type { Logger } from 'pino';
import { LIMA_TZ, limaDate } from '../time/lima.js';
import { readEditionFile } from './edition-file.js';
import { livePath, removeLeftoversIfIdle } from './files.js';
import { updatePadron, type UpdateResult } from './importer.js';

/**
 * The mirror under `chasqui start`: leftovers of a killed update removed at start-up, one update
 * a day at a Lima wall-clock time (`padron.time`), one soon after start when there is no edition
 * or it is older than `padron.maxAgeDays`, and a warning in the log while it stays that old.
 */

/** Whole days from an edition's date to today in Lima. */
export function editionAgeDays(edition: string, now: Date): number {
  return Math.round(
    (Date.parse(`${limaDate(now)}T00:00:00Z`) - Date.parse(`${edition}T00:00:00Z`)) / 86_400_000,
  );
}

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

  const warnIfStale = () => {
    const edition = readEditionFile(livePath(options.dataDir));
    if (!edition) return true;
    const age = editionAgeDays(edition.edition, now());
    if (age <= options.maxAgeDays) return false;
    log.warn(
      { edition: edition.edition, ageDays: age, maxAgeDays: options.maxAgeDays },
      'padrón edition is stale',
    );
    return true;
  };
  const runNow = async (): Promise<UpdateResult | undefined> => {
    try {
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
  }
  return { runNow, stop: () => stops.forEach((stop) => stop()) };
}
