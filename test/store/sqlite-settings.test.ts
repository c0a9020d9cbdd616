import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations, openDatabase } from '../../src/app/database.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';

/** The connection settings chasqui.db is opened with (src/store/sqlite.ts, configure). */

let dir: string;
let db: SqliteDatabase | undefined;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-sqlite-settings-'));
});
afterEach(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('chasqui.db connection settings', () => {
  it('WAL, synchronous NORMAL, foreign keys, secure delete and a 4 MB page cache, not better-sqlite3’s 16 MB', () => {
    db = openDatabase({ dir, migrations, secret: 'x'.repeat(32) });
    const setting = (name: string) => db?.pragma(name, { simple: true });
    expect(setting('journal_mode')).toBe('wal');
    expect(setting('synchronous')).toBe(1);
    expect(setting('foreign_keys')).toBe(1);
    expect(setting('secure_delete')).toBe(1);
    expect(setting('cache_size')).toBe(-4000);
  });
});
