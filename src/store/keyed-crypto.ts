import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { databaseSecret } from './secret.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * Keeps identifiers (DNI, RUC, plates) and personal data out of the database file in clear: cache
 * keys are HMAC-SHA256 with a random secret kept outside the database (`secret.key` or
 * CHASQUI_SECRET, see secret.ts), cached values are sealed with AES-256-GCM under a key derived
 * from it. A copied chasqui.db alone opens nothing; the whole data directory does.
 */
export interface CacheCrypto {
  /** Keyed hash (hex) of the text: equal inputs give equal keys, only within this database. */
  hash(text: string): string;
  /** Encrypts `plaintext`, bound to `context` (a row moved to another key no longer opens). */
  seal(plaintext: string, context: string): string;
  /** Decrypts a `seal` output; throws when the row is corrupt or was tampered with. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';

/** Loads the database's secret (creating it on first use) and derives the hashing/sealing keys. */
export function createCacheCrypto(db: SqliteDatabase): CacheCrypto {
  return cacheCryptoFor(loadSecret(db));
}

/** The same hashing and sealing under a given key (restore tries the data folder's key on a copy). */
export function cacheCryptoFor(secret: Buffer): CacheCrypto {
  const hmacKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'chasqui cache key hmac', 32));
  const sealKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'chasqui cache value seal', 32));
  return {
    hash(text) {
      return createHmac('sha256', hmacKey).update(text, 'utf8').digest('hex');
    },
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, context) {
      if (!sealed.startsWith(`${VERSION}.`)) throw new Error('unknown sealed value format');
      const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
      if (raw.length < 28) throw new Error('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** A keyed pseudonym of a personal identifier: 16 hex chars, stable for one database, unreadable without it. */
export type Pseudonymizer = (value: string) => string;

/**
 * Pseudonyms for phone numbers and direct-chat ids (usage log, group toggles, log lines): an HMAC
 * under a key derived from the database secret, so the ~1e9 mobile numbers cannot be tried offline.
 */
export function createPseudonymizer(db: SqliteDatabase): Pseudonymizer {
  const key = Buffer.from(
    hkdfSync('sha256', loadSecret(db), Buffer.alloc(0), 'chasqui identifier pseudonym', 32),
  );
  // The same few senders write every message: each pseudonym is computed once (bounded).
  const known = new Map<string, string>();
  return (value) => {
    let pseudonym = known.get(value);
    if (pseudonym === undefined) {
      pseudonym = createHmac('sha256', key).update(value, 'utf8').digest('hex').slice(0, 16);
      if (known.size >= 4_096) known.clear();
      known.set(value, pseudonym);
    }
    return pseudonym;
  };
}

/** The key lives outside the database (store/secret.ts): CHASQUI_SECRET or `secret.key`. */
function loadSecret(db: SqliteDatabase): Buffer {
  return databaseSecret(db);
}
