import type { CacheCrypto } from './keyed-crypto.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * Sealed copies of sent messages (table `wa_sent_copies`, migration 12), the only thing that
 * answers a recipient's retry request ("Esperando el mensaje"): WhatsApp clients ask for a message
 * again when they could not decrypt it, and a missing copy leaves them with the placeholder for
 * good. Kept `days` (at least 14) and at most `maxBytes` in all (oldest dropped first); sealed with
 * the database key (AES-GCM, key outside the file, bound to the message id) and stored without the
 * chat id, so the copies hold no readable personal data at rest.
 */
export interface SentCopiesRepo {
  put(waId: string, text: string, at: number): void;
  /** The copy, or undefined when absent, expired or unreadable (an unreadable one is dropped). */
  get(waId: string, now: number): string | undefined;
  /** Drops copies past their age, then the oldest until the total fits; returns how many. */
  prune(now: number): number;
  /** How many copies and their bytes (the console and tests). */
  size(): { copies: number; bytes: number };
}

export interface SentCopiesOptions {
  crypto: CacheCrypto;
  days: number;
  maxBytes: number;
  /** Prune after this many puts (default 200; also on open). */
  pruneEvery?: number;
}

const DAY_MS = 24 * 60 * 60_000;

export function createSentCopiesRepo(
  db: SqliteDatabase,
  options: SentCopiesOptions,
  now: () => number = Date.now,
): SentCopiesRepo {
  const { crypto } = options;
  const insert = db.prepare<[string, string, number, number]>(
    `INSERT INTO wa_sent_copies (wa_id, sealed, bytes, at) VALUES (?, ?, ?, ?)
     ON CONFLICT (wa_id) DO UPDATE SET sealed = excluded.sealed, bytes = excluded.bytes, at = excluded.at`,
  );
  const select = db.prepare<[string], { sealed: string; at: number }>(
    'SELECT sealed, at FROM wa_sent_copies WHERE wa_id = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM wa_sent_copies WHERE wa_id = ?');
  const expire = db.prepare<[number]>('DELETE FROM wa_sent_copies WHERE at < ?');
  const totals = db.prepare<[], { copies: number; bytes: number | null }>(
    'SELECT COUNT(*) AS copies, SUM(bytes) AS bytes FROM wa_sent_copies',
  );
  // The newest rows whose running total still fits; everything older goes.
  const overflow = db.prepare<[number]>(
    `DELETE FROM wa_sent_copies WHERE wa_id IN (
       SELECT wa_id FROM (
         SELECT wa_id, SUM(bytes) OVER (ORDER BY at DESC, wa_id DESC) AS running FROM wa_sent_copies
       ) WHERE running > ?)`,
  );
  const context = (waId: string) => `sent-copy\0${waId}`;
  const maxAgeMs = options.days * DAY_MS;
  const pruneEvery = options.pruneEvery ?? 200;
  let puts = 0;
  const repo: SentCopiesRepo = {
    put(waId, text, at) {
      const sealed = crypto.seal(text, context(waId));
      insert.run(waId, sealed, Buffer.byteLength(sealed), at);
      if (++puts % pruneEvery === 0) repo.prune(at);
    },
    get(waId, at) {
      const row = select.get(waId);
      if (!row) return undefined;
      if (row.at < at - maxAgeMs) return undefined;
      try {
        return crypto.open(row.sealed, context(waId));
      } catch {
        remove.run(waId);
        return undefined;
      }
    },
    prune(at) {
      const aged = expire.run(at - maxAgeMs).changes;
      const { bytes } = totals.get() ?? { bytes: 0 };
      const over = (bytes ?? 0) > options.maxBytes ? overflow.run(options.maxBytes).changes : 0;
      return aged + over;
    },
    size() {
      const row = totals.get();
      return { copies: row?.copies ?? 0, bytes: row?.bytes ?? 0 };
    },
  };
  repo.prune(now());
  return repo;
}
