import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { createAlerts } from '../../src/ops/alerts.js';
import { dailyBackupJob } from '../../src/ops/daily-backup.js';
import { openDatabase } from '../../src/app/database.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-daily-alert-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a failed daily backup', () => {
  it('raises an alert naming the problem and the setting, the raw error only beside them', async () => {
    writeFileSync(path.join(dir, 'copias'), 'un archivo donde debía ir una carpeta');
    const db = openDatabase({ dir });
    const alerts = createAlerts();
    try {
      await dailyBackupJob({
        db,
        dataDir: dir,
        settings: { daily: '03:30', keep: 7, dir: 'copias/diarias' },
        logger: silentLogger(),
        alerts,
      });
    } finally {
      db.close();
    }
    const [alert] = alerts.recent();
    expect(alert?.kind).toBe('backup-failed');
    expect(alert?.details).toMatchObject({ problem: 'not-a-directory', dir: 'copias/diarias' });
    expect(String(alert?.details.error)).toMatch(/ENOTDIR/);
  });
});
