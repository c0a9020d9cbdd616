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
interface DailyBackupSettings {
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

/**
 * What went wrong with the backup folder or disk, as a word an operator's page can explain
 * (the console words it and says what to change); the raw error stays beside it for the log.
 */
type BackupProblem = 'not-a-directory' | 'permission' | 'disk-full' | 'read-only' | 'other';

const PROBLEM_OF: Record<string, BackupProblem> = {
  ENOTDIR: 'not-a-directory',
  EEXIST: 'not-a-directory',
  EACCES: 'permission',
  EPERM: 'permission',
  ENOSPC: 'disk-full',
  SQLITE_FULL: 'disk-full',
  EROFS: 'read-only',
};

/** One scheduled run: a failure is logged and raised as an alert, never thrown. */
export async function dailyBackupJob(deps: DailyBackupDeps): Promise<void> {
  try {
    await runDailyBackup(deps);
  } catch (error) {
    deps.logger.error({ err: error }, 'daily backup failed');
    const code = String((error as { code?: unknown }).code ?? '');
    deps.alerts?.raise('backup-failed', {
      problem: PROBLEM_OF[code] ?? 'other',
      dir: deps.settings.dir,
      error: (error as Error).message,
    });
  }
}

/** Starts the cron job; returns its stop function. */
export function startDailyBackup(deps: DailyBackupDeps): () => void {
  const [hour, minute] = deps.settings.daily.split(':').map(Number);
  const task = cron.schedule(`${minute ?? 0} ${hour ?? 3} * * *`, () => dailyBackupJob(deps), {
    timezone: LIMA_TZ,
  });
  return () => void task.stop();
}
