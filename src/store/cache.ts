import type { LookupCacheStore } from '../lookup/cache.js';
import type { CacheCrypto } from './keyed-crypto.js';
import type { SqliteDatabase } from './sqlite.js';

/** A cached answer: a value, or a not-found with the upstream's message. Text is plain JSON. */
interface CacheEntry {
  kind: 'ok' | 'not_found';
  text: string;
  storedAt: number;
  expiresAt: number;
}

/**
 * The `lookup_cache` table, the lookup cache's store: rows keyed by operation + keyed hash of the
 * inputs (never the inputs), values sealed at rest. Expired rows are purged when the repo opens
 * and every `purgeEvery` writes, so the file stays small.
 */
export interface LookupCacheRepo extends LookupCacheStore {
  /** Keyed hash (HMAC with the database's secret) of a call's text: its operation and inputs. */
  key(callText: string): string;
  /** undefined when absent, expired or unreadable (an unreadable row is dropped). */
  get(operation: string, keyHash: string, nowMs: number): CacheEntry | undefined;
  /** Removes expired rows; returns how many. */
  purgeExpired(nowMs: number): number;
  size(): number;
}

export interface LookupCacheRepoOptions {
  crypto: CacheCrypto;
  now?: () => Date;
  purgeEvery?: number;
}

/** Keys whose hash `key` remembers, and the longest input remembered (a pasted search is not). */
const MAX_KEYS = 4_096;
const MAX_REMEMBERED_KEY = 200;
/** Answers `get` keeps in memory (they may hold personal data: few), and the longest text kept. */
const MAX_KEPT = 256;
const MAX_KEPT_LENGTH = 16_384;
/** The longest sealed text whose opened text is kept. */
const MAX_OPENED_LENGTH = 16_384;

interface Row {
  kind: CacheEntry['kind'];
  value: string;
  stored_at: number;
  expires_at: number;
}

export function createLookupCacheRepo(db: SqliteDatabase, options: LookupCacheRepoOptions): LookupCacheRepo {
  const { crypto } = options;
  const purgeEvery = options.purgeEvery ?? 500;
  const select = db.prepare<[string, string], Row>(
    'SELECT kind, value, stored_at, expires_at FROM lookup_cache WHERE operation = ? AND key_hash = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO lookup_cache (operation, key_hash, kind, value, stored_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (operation, key_hash) DO UPDATE SET
       kind = excluded.kind, value = excluded.value, stored_at = excluded.stored_at, expires_at = excluded.expires_at`,
  );
  const remove = db.prepare('DELETE FROM lookup_cache WHERE operation = ? AND key_hash = ?');
  const purge = db.prepare('DELETE FROM lookup_cache WHERE expires_at <= ?');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM lookup_cache');
  let writes = 0;
  // The same few identifiers are looked up again and again: each key's HMAC is made once (bounded).
  const keys = new Map<string, string>();
  // The answers read or written lately, opened, in memory (bounded): a hit on one of them reads
  // no row (a read statement's file locks cost more than the rest of answering from the cache).
  // Kept only while this connection changed no row anywhere but through this repo (SQLite's
  // total_changes(), read without any lock): any other write, a deleted or damaged row included,
  // empties them and rows are read again, so expiry, removal and damage are seen at once as
  // before. A change made by another process (there is none while the app runs: lock.ts) would
  // be seen once this connection writes; the write-behind logs write every second or so.
  // A row read again (after the above was emptied) with the same sealed text under the same key
  // opens to the same answer: opened once (bounded). Kept by key (short) and compared whole:
  // hashing a long sealed text as a key cost more than the rest of the hit.
  const opened = new Map<string, { sealed: string; text: string }>();
  const open = (sealed: string, context: string): string => {
    const known = opened.get(context);
    if (known !== undefined && known.sealed === sealed) return known.text;
    const text = crypto.open(sealed, context);
    if (sealed.length <= MAX_OPENED_LENGTH) {
      if (opened.size >= MAX_KEPT) opened.clear();
      opened.set(context, { sealed, text });
    }
    return text;
  };
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  let seen = changes.get() ?? 0;
  const kept = new Map<string, { operation: string; entry: CacheEntry }>();
  /** Forgets what was kept when a row changed since `seen` other than by this repo. */
  const sync = () => {
    const now = changes.get() ?? 0;
    if (now === seen) return;
    kept.clear();
    seen = now;
  };
  const keep = (operation: string, keyHash: string, entry: CacheEntry) => {
    kept.delete(keyHash);
    if (entry.text.length > MAX_KEPT_LENGTH) return;
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(keyHash, { operation, entry });
  };
  const drop = (operation: string, keyHash: string) => {
    kept.delete(keyHash);
    remove.run(operation, keyHash);
    seen = changes.get() ?? 0;
  };

  const repo: LookupCacheRepo = {
    key(text) {
      let hashed = keys.get(text);
      if (hashed === undefined) {
        hashed = crypto.hash(text);
        if (text.length <= MAX_REMEMBERED_KEY) {
          if (keys.size >= MAX_KEYS) keys.clear();
          keys.set(text, hashed);
        }
      }
      return hashed;
    },
    get(operation, keyHash, nowMs) {
      sync();
      const known = kept.get(keyHash);
      if (known !== undefined && known.operation === operation) {
        if (known.entry.expiresAt > nowMs) return known.entry;
        drop(operation, keyHash);
        return undefined;
      }
      const row = select.get(operation, keyHash);
      if (!row) return undefined;
      if (row.expires_at <= nowMs) {
        drop(operation, keyHash);
        return undefined;
      }
      let text: string;
      try {
        text = open(row.value, `${operation}\0${keyHash}`);
      } catch {
        drop(operation, keyHash);
        return undefined;
      }
      const entry: CacheEntry = { kind: row.kind, text, storedAt: row.stored_at, expiresAt: row.expires_at };
      keep(operation, keyHash, entry);
      return entry;
    },
    put(operation, keyHash, kind, text, nowMs, ttlMs) {
      const sealed = crypto.seal(text, `${operation}\0${keyHash}`);
      sync();
      upsert.run(operation, keyHash, kind, sealed, nowMs, nowMs + ttlMs);
      seen = changes.get() ?? 0;
      keep(operation, keyHash, { kind, text, storedAt: nowMs, expiresAt: nowMs + ttlMs });
      writes += 1;
      if (writes % purgeEvery === 0) repo.purgeExpired(nowMs);
    },
    delete(operation, keyHash) {
      sync();
      drop(operation, keyHash);
    },
    purgeExpired(nowMs) {
      sync();
      for (const [keyHash, { entry }] of kept) if (entry.expiresAt <= nowMs) kept.delete(keyHash);
      const purged = purge.run(nowMs).changes;
      seen = changes.get() ?? 0;
      return purged;
    },
    size() {
      return count.get()?.n ?? 0;
    },
  };
  repo.purgeExpired((options.now?.() ?? new Date()).getTime());
  return repo;
}
