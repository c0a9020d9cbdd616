import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations, openDatabase } from '../../src/app/database.js';
import { verifyBackup } from '../../src/ops/restore.js';
import { backupPath, DB_FILE } from '../../src/store/data-dir.js';
import { migrate } from '../../src/store/sqlite.js';

/**
 * Issue 20 split the shipped migrations by owner (the platform's in src/store, a feature's in its
 * folder), keeping their version numbers. A database main's migrations built must open unchanged,
 * and a new or older one must end with exactly main's schema (the frozen fixture).
 */
const MAIN_SCHEMA = readFileSync(path.join(import.meta.dirname, 'fixtures', 'main-schema-v10.sql'), 'utf8');
const MAIN_VERSION = 10;

/** `type name` → its SQL with whitespace collapsed (moved code may be indented differently). */
function schemaOf(db: Database.Database): Map<string, string> {
  const rows = db
    .prepare<[], { type: string; name: string; sql: string }>(
      'SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name',
    )
    .all();
  return new Map(rows.map((row) => [`${row.type} ${row.name}`, row.sql.replace(/\s+/gu, ' ').trim()]));
}

function mainSchema(): Map<string, string> {
  const db = new Database(':memory:');
  try {
    db.exec(MAIN_SCHEMA);
    return schemaOf(db);
  } finally {
    db.close();
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-main-schema-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("main's schema, after the migrations were split by owner", () => {
  it('reads a real fixture (the comparison cannot pass vacuously)', () => {
    const main = mainSchema();
    expect(main.size).toBeGreaterThan(30);
    expect([...main.keys()]).toEqual(
      expect.arrayContaining([
        'table watch_list',
        'table batch_pending',
        'table budget_notices',
        'table schedules',
      ]),
    );
  });

  it("accepts a database main's migrations built: no migration runs, schema and rows unchanged", () => {
    const file = path.join(dir, DB_FILE);
    const made = new Database(file);
    made.exec(MAIN_SCHEMA);
    made.pragma(`user_version = ${MAIN_VERSION}`);
    made
      .prepare(
        'INSERT INTO group_settings (chat_id, active, updated_by, updated_at, owner_allowed) VALUES (?, 1, ?, 1, 1)',
      )
      .run('120363000000000001@g.us', 'actor:0000');
    made
      .prepare('INSERT INTO budget_notices (scope, period, level, at) VALUES (?, ?, ?, 1)')
      .run('overall', '2026-11', 'cap');
    made.close();
    expect(verifyBackup(file, migrations)).toMatchObject({ ok: true, schemaVersion: MAIN_VERSION });

    const db = openDatabase({ dir });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MAIN_VERSION);
      expect(schemaOf(db)).toEqual(mainSchema());
      expect(db.prepare('SELECT chat_id, owner_allowed FROM group_settings').all()).toEqual([
        { chat_id: '120363000000000001@g.us', owner_allowed: 1 },
      ]);
      expect(db.prepare('SELECT scope, level FROM budget_notices').all()).toEqual([
        { scope: 'overall', level: 'cap' },
      ]);
    } finally {
      db.close();
    }
    // A pending migration would have kept a copy first (store/sqlite.ts): none was needed.
    expect(existsSync(backupPath(dir, MAIN_VERSION))).toBe(false);
  });

  it("builds a new database with exactly main's schema and version", () => {
    const db = openDatabase({ dir: ':memory:' });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MAIN_VERSION);
      expect(schemaOf(db)).toEqual(mainSchema());
    } finally {
      db.close();
    }
  });

  it("migrates a database of every older version to main's schema, a version's parts together", () => {
    const versions = [...new Set(migrations.map((m) => m.version))].filter((v) => v < MAIN_VERSION);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);
    for (const version of versions) {
      const at = mkdtempSync(path.join(dir, `v${version}-`));
      const old = new Database(path.join(at, DB_FILE));
      migrate(
        old,
        migrations.filter((m) => m.version <= version),
      );
      old.close();
      const db = openDatabase({ dir: at });
      try {
        expect(db.pragma('user_version', { simple: true }), `from v${version}`).toBe(MAIN_VERSION);
        expect(schemaOf(db), `from v${version}`).toEqual(mainSchema());
      } finally {
        db.close();
      }
    }
  });
});

describe('migrate: the parts of one version are one transaction', () => {
  const order: string[] = [];
  const part = (version: number, table: string, fail = false) => ({
    version,
    name: `${table} (v${version})`,
    up(db: Database.Database) {
      order.push(table);
      db.exec(`CREATE TABLE ${table} (id INTEGER)`);
      if (fail) throw new Error(`part ${table} failed`);
    },
  });
  const tables = (db: Database.Database) =>
    db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);

  it('applies the parts of a version in list order and sets the version once', () => {
    const db = new Database(':memory:');
    order.length = 0;
    migrate(db, [
      part(2, 'b_listed_first'),
      part(1, 'a_core'),
      part(2, 'b_listed_next'),
      part(1, 'a_feature'),
    ]);
    expect(order).toEqual(['a_core', 'a_feature', 'b_listed_first', 'b_listed_next']);
    expect(tables(db)).toEqual(['a_core', 'a_feature', 'b_listed_first', 'b_listed_next']);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });

  it('rolls back every part of a version when one fails: no half-applied version', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [part(1, 'core'), part(2, 'watch'), part(2, 'batch', true)])).toThrow(
      'part batch failed',
    );
    expect(tables(db)).toEqual(['core']);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    db.close();
  });
});
