import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createLookupCacheRepo } from '../../src/store/cache.js';
import { createCacheCrypto } from '../../src/store/keyed-crypto.js';
import { openDatabase } from '../../src/app/database.js';

const dir = mkdtempSync(path.join(tmpdir(), 'chasqui-cache-repo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cache crypto', () => {
  it('hashes equally within a database across reopen, differently in another database', () => {
    const dataDir = path.join(dir, 'crypto');
    const first = openDatabase({ dir: dataDir });
    const h1 = createCacheCrypto(first).hash('["dni","45678912"]');
    first.close();
    const second = openDatabase({ dir: dataDir });
    expect(createCacheCrypto(second).hash('["dni","45678912"]')).toBe(h1);
    second.close();
    const other = openDatabase({ dir: ':memory:' });
    expect(createCacheCrypto(other).hash('["dni","45678912"]')).not.toBe(h1);
    expect(h1).toMatch(/^[0-9a-f]{64}$/);
    other.close();
  });

  it('opens only what it sealed for the same context', () => {
    const db = openDatabase({ dir: ':memory:' });
    const crypto = createCacheCrypto(db);
    const sealed = crypto.seal('{"numero":"45678912"}', 'dni\0abc');
    expect(sealed).not.toContain('45678912');
    expect(crypto.open(sealed, 'dni\0abc')).toBe('{"numero":"45678912"}');
    expect(() => crypto.open(sealed, 'dni\0other')).toThrow();
    expect(() => crypto.open('v1.AAAA', 'dni\0abc')).toThrow();
    db.close();
  });
});

describe('lookup cache repo', () => {
  it('reads a row again as stored: a new answer, a row moved to another key or damaged after a read', () => {
    const db = openDatabase({ dir: ':memory:' });
    const repo = createLookupCacheRepo(db, { crypto: createCacheCrypto(db) });
    repo.put('ruc', 'k1', 'ok', '{"a":1}', 1_000, 60_000);
    expect(repo.get('ruc', 'k1', 2_000)?.text).toBe('{"a":1}');
    expect(repo.get('ruc', 'k1', 3_000)?.text).toBe('{"a":1}');
    repo.put('ruc', 'k1', 'ok', '{"a":2}', 4_000, 60_000);
    expect(repo.get('ruc', 'k1', 5_000)?.text).toBe('{"a":2}');
    // The same sealed text under another key was sealed for the first one: it does not open.
    db.prepare("UPDATE lookup_cache SET key_hash = 'k2' WHERE key_hash = 'k1'").run();
    expect(repo.get('ruc', 'k2', 6_000)).toBeUndefined();
    repo.put('ruc', 'k3', 'ok', '{"a":3}', 7_000, 60_000);
    expect(repo.get('ruc', 'k3', 8_000)?.text).toBe('{"a":3}');
    db.prepare("UPDATE lookup_cache SET value = 'v1.garbage' WHERE key_hash = 'k3'").run();
    expect(repo.get('ruc', 'k3', 9_000)).toBeUndefined();
    expect(repo.size()).toBe(0);
    db.close();
  });

  it('returns fresh rows, hides expired ones and drops unreadable ones', () => {
    const db = openDatabase({ dir: ':memory:' });
    const repo = createLookupCacheRepo(db, { crypto: createCacheCrypto(db) });
    repo.put('ruc', 'k1', 'ok', '{"a":1}', 1_000, 60_000);
    expect(repo.get('ruc', 'k1', 2_000)).toEqual({
      kind: 'ok',
      text: '{"a":1}',
      storedAt: 1_000,
      expiresAt: 61_000,
    });
    expect(repo.get('dni', 'k1', 2_000)).toBeUndefined();
    expect(repo.get('ruc', 'k1', 61_000)).toBeUndefined();
    expect(repo.size()).toBe(0);

    repo.put('ruc', 'k2', 'ok', '{"a":2}', 1_000, 60_000);
    db.prepare("UPDATE lookup_cache SET value = 'v1.garbage' WHERE key_hash = 'k2'").run();
    expect(repo.get('ruc', 'k2', 2_000)).toBeUndefined();
    expect(repo.size()).toBe(0);
    db.close();
  });

  it('answers a hit from memory while its connection changed no row, and reads rows again after any change', () => {
    const dataDir = path.join(dir, 'memory');
    const db = openDatabase({ dir: dataDir });
    const repo = createLookupCacheRepo(db, { crypto: createCacheCrypto(db) });
    repo.put('ruc', 'k1', 'ok', '{"a":1}', 1_000, 60_000);
    expect(repo.get('ruc', 'k1', 2_000)?.text).toBe('{"a":1}');
    // Another connection (no other process writes while the app runs) removes the row: the hit is
    // the kept answer, not a row read.
    const other = new Database(path.join(dataDir, 'chasqui.db'));
    other.prepare("DELETE FROM lookup_cache WHERE key_hash = 'k1'").run();
    other.close();
    expect(repo.get('ruc', 'k1', 3_000)?.text).toBe('{"a":1}');
    expect(repo.get('ruc', 'k1', 61_000)).toBeUndefined(); // expiry is checked all the same
    repo.put('ruc', 'k2', 'ok', '{"a":2}', 4_000, 60_000);
    // Any write on its own connection (here the usage log's) empties it: the row is read again.
    db.prepare(
      "INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (1, 'chasqui:test', 'ruc', 0, 'ok')",
    ).run();
    db.prepare("UPDATE lookup_cache SET value = 'v1.garbage' WHERE key_hash = 'k2'").run();
    expect(repo.get('ruc', 'k2', 5_000)).toBeUndefined();
    expect(repo.size()).toBe(0);
    db.close();
  });

  it('purges expired rows on open and every N writes', () => {
    const db = openDatabase({ dir: ':memory:' });
    const crypto = createCacheCrypto(db);
    const repo = createLookupCacheRepo(db, { crypto, purgeEvery: 3, now: () => new Date(0) });
    repo.put('ruc', 'old1', 'ok', '1', 0, 10);
    repo.put('ruc', 'old2', 'ok', '1', 0, 10);
    expect(repo.size()).toBe(2);
    repo.put('ruc', 'new', 'ok', '1', 100, 1_000); // third write purges rows expired at t=100
    expect(repo.size()).toBe(1);
    repo.put('ruc', 'old3', 'ok', '1', 0, 10);
    createLookupCacheRepo(db, { crypto, now: () => new Date(5_000) });
    expect(repo.size()).toBe(0);
    db.close();
  });
});
