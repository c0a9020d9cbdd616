import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBackup, runRestore } from '../../src/cli/backup.js';
import { pruneBackups } from '../../src/ops/backup.js';
import { CODE_SCHEMA_VERSION, verifyBackup } from '../../src/ops/restore.js';
import { runDailyBackup } from '../../src/ops/daily-backup.js';
import { silentLogger } from '../../src/logger.js';
import { acquireDataDirLock } from '../../src/store/lock.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { captureOutput } from '../helpers/capture.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-backup-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Another process writing rows one by one (like the running bot) until told to stop. */
const WRITER = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.pragma('busy_timeout = 5000');
const insert = db.prepare("INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, 'g@g.us', ?, 0, 'ok')");
let n = 0;
const pad = 'x'.repeat(200);
function burst() {
  for (let i = 0; i < 50; i++) insert.run(Date.now(), 'ruc' + pad + (n++));
  if (n === 500) process.stdout.write('writing\\n');
  if (require('fs').existsSync(process.argv[3])) { db.close(); process.exit(0); }
  setImmediate(burst);
}
burst();
`;

function maxId(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM usage_log').get()?.id ?? 0;
  } finally {
    db.close();
  }
}

describe('chasqui backup', () => {
  it('takes a consistent copy during a burst of writes from another process', async () => {
    const db = openDatabase({ dir });
    const fill = db.prepare(
      "INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, 'g@g.us', ?, 1, 'ok')",
    );
    db.transaction(() => {
      for (let i = 0; i < 5000; i++) fill.run(i, `seed-${'y'.repeat(200)}-${i}`);
    })();
    db.close(); // the writer process plays the bot
    const live = path.join(dir, 'chasqui.db');
    const stopFile = path.join(dir, 'stop-writer');
    const writer = spawn(
      process.execPath,
      ['-e', WRITER, createRequire(import.meta.url).resolve('better-sqlite3'), live, stopFile],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<number | null>((resolve) => writer.on('exit', resolve));
    await new Promise<void>((resolve) => writer.stdout.once('data', () => resolve()));
    const before = maxId(live);
    const out = captureOutput();
    const file = path.join(dir, 'copia.db');
    const code = await runBackup([file], { stdout: out.stream, env: { CHASQUI_DATA_DIR: dir } });
    writeFileSync(stopFile, '');
    await exited;
    expect(code).toBe(0);
    expect(out.text()).toContain(`backup written: ${file}`);
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const held = copy
      .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM usage_log WHERE id <= ?')
      .get(before)?.n;
    copy.close();
    expect(held).toBe(before);
    expect(before).toBeGreaterThan(5000); // the writer had written before the backup started
    expect(maxId(live)).toBeGreaterThan(before); // and kept writing during it
    expect(verifyBackup(file)).toMatchObject({ ok: true, schemaVersion: CODE_SCHEMA_VERSION });
  }, 60_000);

  it('fails with exit 1 when the data directory has no database', async () => {
    const out = captureOutput();
    expect(
      await runBackup([], { stdout: out.stream, env: { CHASQUI_DATA_DIR: path.join(dir, 'vacio') } }),
    ).toBe(1);
    expect(out.text()).toContain('no database at');
  });
});

describe('chasqui restore', () => {
  function seededBackup(rows: number): string {
    const source = path.join(dir, 'source');
    const db = openDatabase({ dir: source });
    const insert = db.prepare(
      "INSERT INTO drivers (document_number, phone, updated_by, updated_at) VALUES (?, '51912345678', 'test', 0)",
    );
    for (let i = 0; i < rows; i++) insert.run(`4567891${i}`);
    db.close();
    return path.join(source, 'chasqui.db');
  }

  it('refuses while another process holds the data directory', async () => {
    const backup = seededBackup(2);
    const live = path.join(dir, 'live');
    openDatabase({ dir: live }).close();
    const lock = acquireDataDirLock(live, { pid: process.ppid });
    const out = captureOutput();
    try {
      // the documented exit code for a data directory in use (src/cli/exit-codes.ts)
      expect(await runRestore([backup], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(5);
    } finally {
      lock.release();
    }
    expect(out.text()).toContain('ya usa el directorio');
  });

  it('verifies the file, keeps the old database aside and puts the copy in place', async () => {
    const backup = seededBackup(3);
    const live = path.join(dir, 'live');
    openDatabase({ dir: live }).close();
    // The copy's key goes with it (restore checks that the data folder's key opens the copy).
    copyFileSync(path.join(dir, 'source', 'secret.key'), path.join(live, 'secret.key'));
    const out = captureOutput();
    expect(await runRestore([backup], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(0);
    const aside = /previous database kept at: (\S+)/.exec(out.text())?.[1] ?? '';
    expect(existsSync(aside)).toBe(true);
    const db = openDatabase({ dir: live });
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM drivers').get()?.n).toBe(3);
    db.close();
  });

  it('refuses a file that is not a Chasqui database, or one from newer code', async () => {
    const live = path.join(dir, 'live');
    openDatabase({ dir: live }).close();
    const garbage = path.join(dir, 'garbage.db');
    writeFileSync(garbage, 'esto no es sqlite');
    const foreign = path.join(dir, 'foreign.db');
    new Database(foreign).exec('CREATE TABLE t (x)');
    const newer = seededBackup(1);
    const raise = new Database(newer);
    raise.pragma(`user_version = ${CODE_SCHEMA_VERSION + 1}`);
    raise.close();
    for (const [file, reason] of [
      [garbage, 'not a readable SQLite file'],
      [foreign, 'missing tables'],
      [newer, 'schema newer than the code'],
    ] as const) {
      const out = captureOutput();
      expect(await runRestore([file], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } })).toBe(1);
      expect(out.text()).toContain(reason);
    }
  });
});

describe('daily backup', () => {
  it('writes a dated copy and keeps only the newest N', async () => {
    const db = openDatabase({ dir });
    const settings = { daily: '03:00', keep: 2, dir: 'backups' };
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    for (const day of days) {
      await runDailyBackup({
        db,
        dataDir: dir,
        settings,
        logger: silentLogger(),
        now: () => new Date(`${day}T08:00:00Z`),
      });
    }
    db.close();
    const kept = pruneBackups(path.join(dir, 'backups'), 2);
    expect(kept).toEqual([]);
    expect(existsSync(path.join(dir, 'backups', 'chasqui-2026-03-01T08-00-00.db'))).toBe(false);
    expect(verifyBackup(path.join(dir, 'backups', 'chasqui-2026-03-03T08-00-00.db')).ok).toBe(true);
    expect(existsSync(path.join(dir, 'backups', 'chasqui-2026-03-02T08-00-00.db'))).toBe(true);
  });
});
