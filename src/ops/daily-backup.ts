import path from 'node:path';
import cron from 'node-cron';
import type { Logger } from 'pino';
import type { SqliteDatabase } from '../store/sqlite.js';
import { LIMA_TZ } from '../time/lima.js';
import type { Alerts } from './alerts.js';
import { backupFileName, backupOpenDatabase, pruneBackups } from './backup.js';

/**
 * The optional daily backup (`backup.daily` in the config file): at a Lima wall-clock time, copy
 * the running database with the online backup API into `backup.dir` and keep the newest `keep`.
 */
export interface DailyBackupSettings {
  /** "HH:MM", Lima wall clock. */
  daily: string;
  keep: number;
  /** Absolute, or relative to the data directory (default "backups"). */
  dir: string;
}

export interface DailyBackupDeps {
  db: SqliteDatabase;
  dataDir: string;
  settings: DailyBackupSettings;
  logger: Logger;
  alerts?: Alerts;
  now?: () => Date;
}

/** Runs one daily backup now (the cron job's body; tests call it directly). */
export async function runDailyBackup(deps: DailyBackupDeps): Promise<string> {
  const dir = path.resolve(deps.dataDir, deps.settings.dir);
  const file = path.join(dir, backupFileName((deps.now ?? (() => new Date()))()));
  await backupOpenDatabase(deps.db, file, { force: true, privateDir: true });
  const removed = pruneBackups(dir, deps.settings.keep);
  deps.logger.info({ file, removed: removed.length }, 'daily backup written');
  return file;
}

/** Starts the cron job; returns its stop function. */
export function startDailyBackup(deps: DailyBackupDeps): () => void {
  const [hour, minute] = deps.settings.daily.split(':').map(Number);
  const task = cron.schedule(
    `${minute ?? 0} ${hour ?? 3} * * *`,
    () => {
      runDailyBackup(deps).catch((error: unknown) => {
        deps.logger.error({ err: error }, 'daily backup failed');
        deps.alerts?.raise('backup-failed', { error: (error as Error).message });
      });
    },
    { timezone: LIMA_TZ },
  );
  return () => void task.stop();
}
