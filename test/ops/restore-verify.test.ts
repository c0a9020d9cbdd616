import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRestore } from '../../src/cli/backup.js';
import { parseConfig } from '../../src/config.js';
import { verifyBackup } from '../../src/ops/restore.js';
import { migrations } from '../../src/store/migrations.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { createWatchStore } from '../../src/watch/store.js';
import { captureOutput } from '../helpers/capture.js';

/**
 * `chasqui restore` checks the copy exactly (issue 19): the tables, indexes, triggers and views
 * the migrations make and nothing else, and that the data folder's key opens what the copy
 * sealed, instead of making a new key silently (after which `vigilados` failed).
 */
const GROUP = '120363000000000001@g.us';
const RUC = '20123456786';
const WATCH = parseConfig({}).watch;
const STATE = {
  name: 'TRANSPORTES FICTICIOS S.A.C.',
  estado: 'ACTIVO',
  condicion: 'HABIDO',
  retencion: 'NO',
  percepcion: 'NO',
  percepcionCombustible: 'NO',
  buenContribuyente: 'NO',
};

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-restore-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A data dir whose database watches one RUC (sealed with its own secret.key); its database file. */
function sourceWithWatchedRuc(name = 'source'): string {
  const source = path.join(dir, name);
  const db = openDatabase({ dir: source });
  const watch = createWatchStore(db, () => WATCH);
  const now = new Date('2026-11-20T13:00:00Z');
  watch.observe(RUC, STATE, '2026-11-20', false, now);
  watch.add({ chatId: GROUP, ruc: RUC, by: '51987654321', now });
  db.close();
  return path.join(source, 'chasqui.db');
}

async function restore(file: string, live: string, ...flags: string[]) {
  const out = captureOutput();
  const code = await runRestore([file, ...flags], { stdout: out.stream, env: { CHASQUI_DATA_DIR: live } });
  return { code, text: out.text() };
}

function watchedRucs(dataDir: string): string[] {
  const db = openDatabase({ dir: dataDir });
  try {
    return createWatchStore(db, () => WATCH)
      .list(GROUP)
      .map((item) => item.ruc);
  } finally {
    db.close();
  }
}

describe('restore verifies the schema exactly', () => {
  it.each([
    [
      'a planted trigger',
      'CREATE TRIGGER t_drivers AFTER INSERT ON usage_log BEGIN DELETE FROM drivers; END',
      'trigger t_drivers',
    ],
    [
      'a planted view',
      'CREATE VIEW v_drivers AS SELECT document_number, phone FROM drivers',
      'view v_drivers',
    ],
    ['an extra index', 'CREATE INDEX drivers_phone ON drivers(phone)', 'index drivers_phone'],
    ['an extra table', 'CREATE TABLE notas (texto TEXT)', 'table notas'],
  ])('refuses %s, leaving the live database as it was', async (_what, sql, named) => {
    const backup = sourceWithWatchedRuc();
    const planted = new Database(backup);
    planted.exec(sql);
    planted.close();
    const live = path.join(dir, 'live');
    openDatabase({ dir: live }).close();
    copyFileSync(path.join(dir, 'source', 'secret.key'), path.join(live, 'secret.key'));
    const { code, text } = await restore(backup, live);
    expect(code).toBe(1);
    expect(text).toContain(
      "el esquema no es el de Chasqui (objetos añadidos o cambiados) / the schema is not Chasqui's",
    );
    expect(text).toContain(`de más / unexpected: ${named}`);
    expect(existsSync(path.join(live, 'chasqui.db'))).toBe(true);
    expect(text).not.toContain('previous database kept at');
  });

  it('refuses a table altered behind the migrations (a column added)', () => {
    const backup = sourceWithWatchedRuc();
    const altered = new Database(backup);
    altered.exec('ALTER TABLE drivers ADD COLUMN nota TEXT');
    altered.close();
    expect(verifyBackup(backup).problems.join(' ')).toContain('distinto / altered: table drivers on drivers');
  });

  it('accepts copies of older schemas, also one that never got a migration that landed late', () => {
    const older = (name: string, versions: number[], userVersion: number) => {
      const file = path.join(dir, `${name}.db`);
      const db = new Database(file);
      for (const migration of migrations.filter((m) => versions.includes(m.version))) migration.up(db);
      db.pragma(`user_version = ${userVersion}`);
      db.close();
      return file;
    };
    expect(verifyBackup(older('v5', [1, 2, 3, 4, 5], 5))).toMatchObject({ ok: true, schemaVersion: 5 });
    // Created at v9 before migrations 6 and 7 landed (they carry isApplied for this case).
    expect(verifyBackup(older('v9', [1, 2, 3, 4, 5, 9], 9))).toMatchObject({ ok: true, schemaVersion: 9 });
    expect(verifyBackup(older('v9-half', [1, 2, 3, 4, 5, 9], 7)).ok).toBe(false);
  });
});

describe('restore checks that the data folder key opens the copy', () => {
  it('refuses into a data folder with another secret.key, and --force restores without the sealed data', async () => {
    const backup = sourceWithWatchedRuc();
    const live = path.join(dir, 'live');
    openDatabase({ dir: live }).close();
    const refused = await restore(backup, live);
    expect(refused.code).toBe(1);
    expect(refused.text).toContain(
      `la clave de ${live} (secret.key o CHASQUI_SECRET) no es con la que se hizo la copia`,
    );
    expect(refused.text).not.toContain('previous database kept at');
    const forced = await restore(backup, live, '--force');
    expect(forced.code).toBe(0);
    expect(forced.text).toContain(
      'emptied: lookup_cache, watch_list, watch_snapshots, watch_history, batch_pending',
    );
    // What the other key sealed is gone rather than failing (vigilados lists nothing, no error).
    expect(watchedRucs(live)).toEqual([]);
  });

  it('refuses into a data folder without a key, then restores once the matching secret.key is there', async () => {
    const backup = sourceWithWatchedRuc();
    const live = path.join(dir, 'nuevo');
    const refused = await restore(backup, live);
    expect(refused.code).toBe(1);
    expect(refused.text).toContain(
      `la copia tiene datos cifrados y ${live} no tiene secret.key (ni CHASQUI_SECRET)`,
    );
    expect(existsSync(path.join(live, 'secret.key'))).toBe(false);
    copyFileSync(path.join(dir, 'source', 'secret.key'), path.join(live, 'secret.key'));
    expect((await restore(backup, live)).code).toBe(0);
    expect(watchedRucs(live)).toEqual([RUC]);
  });

  it('tells an older copy (no key fingerprint) from its sealed rows', async () => {
    const backup = sourceWithWatchedRuc();
    const old = new Database(backup);
    old.exec("DELETE FROM meta WHERE key = 'key_check'");
    old.close();
    const other = path.join(dir, 'otra');
    openDatabase({ dir: other }).close();
    expect((await restore(backup, other)).code).toBe(1);
    copyFileSync(path.join(dir, 'source', 'secret.key'), path.join(other, 'secret.key'));
    expect((await restore(backup, other)).code).toBe(0);
    expect(watchedRucs(other)).toEqual([RUC]);
  });
});
