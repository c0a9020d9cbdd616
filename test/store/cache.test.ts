import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  it('answers from memory what it wrote or read, and reads the file again after a restart', () => {
    const db = openDatabase({ dir: ':memory:' });
    const crypto = createCacheCrypto(db);
    const repo = createLookupCacheRepo(db, { crypto });
    repo.put('ruc', 'k1', 'ok', '{"a":1}', 1_000, 60_000);
    expect(repo.get('ruc', 'k1', 2_000)?.text).toBe('{"a":1}');
    repo.put('ruc', 'k1', 'ok', '{"a":2}', 4_000, 60_000);
    expect(repo.get('ruc', 'k1', 5_000)?.text).toBe('{"a":2}');
    // The running repo is the table's only writer: a row changed under it by hand is seen by the
    // next repo (a restart), which reads the file.
    db.prepare("UPDATE lookup_cache SET value = 'v1.garbage' WHERE key_hash = 'k1'").run();
    expect(repo.get('ruc', 'k1', 6_000)?.text).toBe('{"a":2}');
    const restarted = createLookupCacheRepo(db, { crypto });
    expect(restarted.get('ruc', 'k1', 6_000)).toBeUndefined();
    expect(restarted.size()).toBe(0);
    // The same sealed text under another key was sealed for the first one: it does not open.
    restarted.put('ruc', 'k3', 'ok', '{"a":3}', 7_000, 60_000);
    db.prepare("UPDATE lookup_cache SET key_hash = 'k4' WHERE key_hash = 'k3'").run();
    expect(createLookupCacheRepo(db, { crypto }).get('ruc', 'k4', 8_000)).toBeUndefined();
    expect(restarted.size()).toBe(0);
    db.close();
  });

  it('returns fresh rows, hides expired ones and drops unreadable ones', () => {
    const db = openDatabase({ dir: ':memory:' });
    const crypto = createCacheCrypto(db);
    const repo = createLookupCacheRepo(db, { crypto });
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
    expect(repo.get('ruc', 'k1', 2_000)).toBeUndefined(); // removed from memory too

    repo.put('ruc', 'k2', 'ok', '{"a":2}', 1_000, 60_000);
    db.prepare("UPDATE lookup_cache SET value = 'v1.garbage' WHERE key_hash = 'k2'").run();
    expect(createLookupCacheRepo(db, { crypto }).get('ruc', 'k2', 2_000)).toBeUndefined();
    expect(repo.size()).toBe(0);
    db.close();
  });

  it('keeps few answers in memory, and a row read after it left memory is read from the file', () => {
    const db = openDatabase({ dir: ':memory:' });
    const repo = createLookupCacheRepo(db, { crypto: createCacheCrypto(db) });
    for (let i = 0; i < 300; i++) repo.put('ruc', `k${i}`, 'ok', `{"a":${i}}`, 1_000, 60_000);
    // k0 left memory (256 kept): its damaged row is read, dropped and not answered.
    db.prepare("UPDATE lookup_cache SET value = 'v1.garbage' WHERE key_hash IN ('k0', 'k299')").run();
    expect(repo.get('ruc', 'k0', 2_000)).toBeUndefined();
    expect(repo.get('ruc', 'k1', 2_000)?.text).toBe('{"a":1}');
    expect(repo.get('ruc', 'k299', 2_000)?.text).toBe('{"a":299}');
    expect(repo.size()).toBe(299);
    repo.delete('ruc', 'k299');
    expect(repo.get('ruc', 'k299', 2_000)).toBeUndefined();
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
