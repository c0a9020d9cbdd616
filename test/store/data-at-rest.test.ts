import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCacheCrypto, createPseudonymizer } from '../../src/store/keyed-crypto.js';
import { DataStoreError } from '../../src/store/open-errors.js';
import { migrations, openDatabase } from '../../src/app/database.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-rest-'));
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const LATEST = Math.max(...migrations.map((m) => m.version));

function openError(dataDir: string): DataStoreError {
  try {
    openDatabase({ dir: dataDir }).close();
  } catch (error) {
    if (error instanceof DataStoreError) return error;
    throw error;
  }
  throw new Error('expected a DataStoreError');
}

describe('permissions', () => {
  it('creates the data dir 0700 and the database, its WAL files and secret.key 0600', () => {
    const data = path.join(dir, 'data');
    const db = openDatabase({ dir: data });
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('x', 'y');
    expect(mode(data)).toBe(0o700);
    for (const name of ['chasqui.db', 'chasqui.db-wal', 'chasqui.db-shm', 'secret.key']) {
      expect(mode(path.join(data, name)), name).toBe(0o600);
    }
    db.close();
  });

  it('tightens looser modes found at start and says so once in the log', () => {
    openDatabase({ dir }).close();
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'chasqui.db'), 0o644);
    const lines: string[] = [];
    const logger = { warn: (_o: unknown, msg: string) => lines.push(msg), info: () => {} } as never;
    openDatabase({ dir, logger }).close();
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'chasqui.db'))).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('tightened permissions');
  });
});

describe('schema versions', () => {
  it('refuses a database whose schema is newer than the code, leaving the file byte for byte', () => {
    const file = path.join(dir, 'chasqui.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${LATEST + 5}`);
    raw.close();
    const before = sha(file);
    const error = openError(dir);
    expect(error.problem).toBe('schema-newer');
    expect(error.message).toContain(file);
    expect(error.message).toContain(`v${LATEST + 5}`);
    expect(sha(file)).toBe(before);
  });

  it('keeps a copy chasqui.db.bak-v<N> before migrating an older schema', () => {
    const old = openDatabase({ dir, migrations: migrations.filter((m) => m.version <= 5) });
    old
      .prepare(
        "INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (1, 'g@g.us', 'ruc', 0, 'ok')",
      )
      .run();
    old.close();
    openDatabase({ dir }).close();
    const backup = path.join(dir, 'chasqui.db.bak-v5');
    expect(mode(backup)).toBe(0o600);
    const copy = new Database(backup, { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(5);
    expect(copy.prepare('SELECT COUNT(*) AS n FROM usage_log').get()).toEqual({ n: 1 });
    copy.close();
  });
});

describe('a migration numbered below one that landed first', () => {
  it('is applied to a database already past its version (created before it landed), after a copy', () => {
    // A database created by code that had migration 9 (issue 14) but not 7 (issue 10).
    const early = openDatabase({
      dir,
      migrations: migrations.filter((m) => m.version !== 7 && m.version <= 9),
    });
    expect(early.pragma('user_version', { simple: true })).toBe(9);
    early.close();
    const db = openDatabase({ dir });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(group_settings)').all();
    expect(columns.map((c) => c.name)).toContain('owner_allowed');
    expect(db.prepare('SELECT COUNT(*) AS n FROM budget_notices').get()).toEqual({ n: 0 });
    db.close();
    expect(existsSync(path.join(dir, 'chasqui.db.bak-v9'))).toBe(true);
    // and only once: reopening changes nothing
    openDatabase({ dir }).close();
  });

  it('applies migration 6 (issue 12) to a database at v9 that had 7 and 9 but not 6, and to one with neither', () => {
    for (const missing of [[6], [6, 7]]) {
      rmSync(dir, { recursive: true, force: true });
      const early = openDatabase({
        dir,
        migrations: migrations.filter((m) => !missing.includes(m.version) && m.version <= 9),
      });
      expect(early.prepare("SELECT name FROM sqlite_master WHERE name = 'deliveries'").get()).toBeUndefined();
      early.close();
      const db = openDatabase({ dir });
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
      for (const table of [
        'deliveries',
        'dispatches',
        'dispatch_items',
        'driver_contacts',
        'message_edits',
      ]) {
        expect(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
      }
      expect(db.prepare('SELECT COUNT(*) AS n FROM budget_notices').get()).toEqual({ n: 0 });
      db.close();
      openDatabase({ dir }).close();
    }
  });

  it('adds guide_sends.wa_id (migration 10) at v9, and at a v10 from a parallel branch without it', () => {
    const hasWaId = (db: ReturnType<typeof openDatabase>) =>
      db
        .prepare<[], { name: string }>('PRAGMA table_info(guide_sends)')
        .all()
        .some((c) => c.name === 'wa_id');
    for (const version of [9, 10]) {
      rmSync(dir, { recursive: true, force: true });
      const early = openDatabase({ dir, migrations: migrations.filter((m) => m.version <= 9) });
      early.pragma(`user_version = ${version}`);
      expect(hasWaId(early)).toBe(false);
      early.close();
      const db = openDatabase({ dir });
      expect(hasWaId(db)).toBe(true);
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
      db.close();
      openDatabase({ dir }).close();
    }
  });
});

describe('the key lives outside the database', () => {
  it('moves a key kept in chasqui.db by an older version into secret.key, keeping pseudonyms', () => {
    const old = openDatabase({ dir, migrations: migrations.filter((m) => m.version <= 5) });
    const legacy = 'ab'.repeat(32);
    old.prepare("INSERT INTO meta (key, value) VALUES ('cache_secret', ?)").run(legacy);
    old.close();
    rmSync(path.join(dir, 'secret.key'));
    const db = openDatabase({ dir });
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(legacy);
    expect(db.prepare("SELECT COUNT(*) AS n FROM meta WHERE key = 'cache_secret'").get()).toEqual({ n: 0 });
    const pseudonym = createPseudonymizer(db)('51987654321');
    db.close();
    const again = openDatabase({ dir });
    expect(createPseudonymizer(again)('51987654321')).toBe(pseudonym);
    again.close();
  });

  it('uses CHASQUI_SECRET when given: a copy of the data dir without it opens no cached value', () => {
    const db = openDatabase({ dir, secret: 'una-clave-larga-de-prueba-123' });
    const sealed = createCacheCrypto(db).seal('ROSA ELENA', 'dni');
    db.close();
    expect(existsSync(path.join(dir, 'secret.key'))).toBe(false);
    const withoutSecret = openDatabase({ dir });
    expect(() => createCacheCrypto(withoutSecret).open(sealed, 'dni')).toThrow();
    withoutSecret.close();
    const withSecret = openDatabase({ dir, secret: 'una-clave-larga-de-prueba-123' });
    expect(createCacheCrypto(withSecret).open(sealed, 'dni')).toBe('ROSA ELENA');
    withSecret.close();
  });
});

describe('errors opening the data directory name the path and the fix', () => {
  it('a file that is not a database', () => {
    writeFileSync(path.join(dir, 'chasqui.db'), 'hola, no soy una base de datos'.repeat(10));
    const error = openError(dir);
    expect(error.problem).toBe('not-a-database');
    expect(error.message).toContain(path.join(dir, 'chasqui.db'));
  });

  it('a malformed database', () => {
    openDatabase({ dir }).close();
    const file = path.join(dir, 'chasqui.db');
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 100, Math.min(bytes.length, 8192));
    writeFileSync(file, bytes);
    expect(['malformed', 'not-a-database']).toContain(openError(dir).problem);
  });

  it('a file where the directory should be, and a directory where the file should be', () => {
    const file = path.join(dir, 'file');
    writeFileSync(file, 'x');
    expect(openError(file)).toMatchObject({ problem: 'not-a-directory', path: file });
    mkdirSync(path.join(dir, 'chasqui.db'));
    expect(openError(dir)).toMatchObject({ problem: 'is-a-directory', path: path.join(dir, 'chasqui.db') });
  });

  it.skipIf(process.getuid?.() === 0)('a read-only database and a directory without permission', () => {
    openDatabase({ dir }).close();
    chmodSync(path.join(dir, 'chasqui.db'), 0o400);
    expect(openError(dir).problem).toBe('read-only');
    chmodSync(path.join(dir, 'chasqui.db'), 0o600);
    chmodSync(dir, 0o000);
    expect(openError(dir).problem).toBe('permission');
  });
});
