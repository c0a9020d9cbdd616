import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { dataStoreError } from './open-errors.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * The key behind cache encryption and pseudonyms lives OUTSIDE the database: `CHASQUI_SECRET`
 * from the environment, else `<dataDir>/secret.key` (0600, 32 random bytes, created on first
 * start). A copied `chasqui.db` alone then reveals no cached value and no pseudonymised phone.
 */

export const SECRET_FILE = 'secret.key';
/** Where migration 4 kept the key, inside the database (moved out on open). */
const LEGACY_META_KEY = 'cache_secret';
/** A one-way fingerprint of the key, kept in `meta` so a restore can tell whether a key opens the data. */
export const KEY_CHECK_META_KEY = 'key_check';

const attached = new WeakMap<SqliteDatabase, Buffer>();

/** The database's key: the one attached at open, or an ephemeral one (in-memory test databases). */
export function databaseSecret(db: SqliteDatabase): Buffer {
  let secret = attached.get(db);
  if (!secret) {
    secret = randomBytes(32);
    attached.set(db, secret);
  }
  return secret;
}

/** `CHASQUI_SECRET` as 32 key bytes: 64 hex digits as they are, any other text (≥ 16 chars) hashed. */
export function secretFromEnv(value: string): Buffer {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  return createHash('sha256').update(text, 'utf8').digest();
}

export interface AttachSecretOptions {
  dir: string;
  /** `CHASQUI_SECRET`, when set. */
  envSecret?: string | undefined;
  logger?: Logger | undefined;
}

/** Tables whose rows are sealed (or keyed) with the database key (store/cache, watch, batch, WhatsApp limits). */
export const SEALED_TABLES = [
  'lookup_cache',
  'watch_list',
  'watch_snapshots',
  'watch_history',
  'batch_pending',
  // issue 21: copies of sent messages (sealed) and new chats (keyed hashes of chat ids)
  'wa_sent_copies',
  'wa_new_chats',
];

/**
 * Picks the key for an opened database and moves a legacy in-database key out of it: into
 * `secret.key` when no other key exists (nothing changes for the data), or, when another key is
 * configured, drops it with what it sealed: cache, watch lists, pending batches (pseudonyms restart).
 */
export function attachSecret(db: SqliteDatabase, options: AttachSecretOptions): Buffer {
  const file = path.join(options.dir, SECRET_FILE);
  const legacy = legacyKey(db);
  let secret: Buffer | undefined = configuredKey(options.dir, options.envSecret);
  if (!secret) {
    secret = legacy ?? randomBytes(32);
    writeKeyFile(file, secret);
    if (legacy) options.logger?.info({ file }, 'moved the database key out of chasqui.db into secret.key');
  }
  if (legacy) {
    db.transaction(() => {
      if (!legacy.equals(secret)) {
        // Everything sealed or keyed with the old key is unreadable under the new one.
        for (const table of SEALED_TABLES) db.exec(`DELETE FROM ${table}`);
        options.logger?.warn(
          'the key in chasqui.db differs from the configured one: lookup cache, watch lists and pending batches cleared',
        );
      }
      db.prepare('DELETE FROM meta WHERE key = ?').run(LEGACY_META_KEY);
    })();
  }
  recordKeyCheck(db, secret, options.logger);
  attached.set(db, secret);
  return secret;
}

/** The key a data directory would use: `CHASQUI_SECRET`, else its `secret.key`; undefined when neither. */
export function configuredKey(dir: string, envSecret?: string): Buffer | undefined {
  if (envSecret !== undefined && envSecret.trim() !== '') return secretFromEnv(envSecret);
  const file = path.join(dir, SECRET_FILE);
  return existsSync(file) ? readKeyFile(file) : undefined;
}

/** The key's fingerprint (HKDF, one way): equal for the same key, useless to find it. */
export function keyFingerprint(secret: Buffer): string {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'chasqui key check', 32)).toString('hex');
}

/** Stores the fingerprint of the key on first open; a different one is a key that opens nothing sealed. */
function recordKeyCheck(db: SqliteDatabase, secret: Buffer, logger?: Logger): void {
  const mine = keyFingerprint(secret);
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(KEY_CHECK_META_KEY) as
    { value: string } | undefined;
  if (!row) db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(KEY_CHECK_META_KEY, mine);
  else if (row.value !== mine) {
    logger?.warn(
      'the key (secret.key or CHASQUI_SECRET) is not the one this database was sealed with: cached lookups, ' +
        'watch lists and pending batches will not open; put back the secret.key that goes with this database',
    );
  }
}

/** The key a database from before `secret.key` keeps inside itself, if any. */
export function legacyKey(db: SqliteDatabase): Buffer | undefined {
  const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!hasMeta) return undefined;
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(LEGACY_META_KEY) as
    { value: string } | undefined;
  return row ? Buffer.from(row.value, 'hex') : undefined;
}

function readKeyFile(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw dataStoreError('key-file', file);
  return Buffer.from(text, 'hex');
}

function writeKeyFile(file: string, secret: Buffer): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${secret.toString('hex')}\n`);
  } finally {
    closeSync(fd);
  }
  chmodSync(file, 0o600);
}
