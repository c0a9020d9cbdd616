import { chmodSync, copyFileSync, existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { cacheCryptoFor } from '../store/keyed-crypto.js';
import { acquireDataDirLock } from '../store/lock.js';
import { latestVersion, type Migration } from '../store/migrations.js';
import {
  configuredKey,
  KEY_CHECK_META_KEY,
  keyFingerprint,
  legacyKey,
  SEALED_TABLES,
} from '../store/secret.js';
import { backupFileName, DB_FILE } from './backup.js';
import { schemaDifferences } from './schema-check.js';

/**
 * `chasqui restore FILE`: takes the data-directory lock, verifies the file (integrity, the exact
 * schema the migrations make, a version this code runs) and that the data folder's key opens what
 * the copy sealed, then moves the current database aside (0600) and puts a 0600 copy in place.
 */

/** Tables every Chasqui database has (migrations 1–5); a file without them is not a backup of ours. */
const EXPECTED_TABLES = [
  'group_settings',
  'usage_log',
  'lookup_cache',
  'wa_creds',
  'wa_keys',
  'processed_messages',
  'outbox',
  'drivers',
  'schedules',
  'schedule_runs',
  'meta',
] as const;

export interface Verification {
  ok: boolean;
  schemaVersion?: number;
  problems: string[];
}

function tableNames(db: Database.Database): Set<string> {
  const rows = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
  return new Set(rows.map((row) => row.name));
}

/**
 * Integrity check, our tables, exactly the schema of the migrations, a version this code can run.
 * `migrations`: the app's (src/app/features.ts), the platform's and every feature's.
 */
export function verifyBackup(file: string, migrations: readonly Migration[]): Verification {
  if (!existsSync(file)) return { ok: false, problems: [`no existe / not found: ${file}`] };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const problems: string[] = [];
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
    const tables = tableNames(db);
    const missing = EXPECTED_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) problems.push(`faltan tablas / missing tables: ${missing.join(', ')}`);
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const codeVersion = latestVersion(migrations);
    if (schemaVersion > codeVersion) {
      problems.push(
        `versión del esquema ${schemaVersion} más nueva que este Chasqui (${codeVersion}) / schema newer than the code`,
      );
    } else if (missing.length === 0) {
      const differences = schemaDifferences(db, schemaVersion, migrations);
      if (differences.length > 0) {
        problems.push(
          `el esquema no es el de Chasqui (objetos añadidos o cambiados) / the schema is not Chasqui's: ${differences.join('; ')}`,
        );
      }
    }
    return { ok: problems.length === 0, schemaVersion, problems };
  } catch (error) {
    return {
      ok: false,
      problems: [`no es una base SQLite legible / not a readable SQLite file: ${(error as Error).message}`],
    };
  } finally {
    db?.close();
  }
}

/** A sealed value of an older copy (no key fingerprint yet) and the context it was sealed under. */
function sealedSample(db: Database.Database): { sealed: string; context: string } | undefined {
  const tables = tableNames(db);
  if (tables.has('watch_list')) {
    const row = db
      .prepare<[], { ruc_key: string; ruc_sealed: string }>(
        'SELECT ruc_key, ruc_sealed FROM watch_list LIMIT 1',
      )
      .get();
    if (row) return { sealed: row.ruc_sealed, context: `watch-ruc:${row.ruc_key}` };
  }
  const row = db
    .prepare<[], { operation: string; key_hash: string; value: string }>(
      'SELECT operation, key_hash, value FROM lookup_cache LIMIT 1',
    )
    .get();
  return row ? { sealed: row.value, context: `${row.operation}\0${row.key_hash}` } : undefined;
}

/** Whether `key` opens what the copy sealed: true, false, or undefined when it sealed nothing. */
function keyOpens(db: Database.Database, key: Buffer | undefined): boolean | undefined {
  const legacy = legacyKey(db);
  if (legacy) return key === undefined || key.equals(legacy);
  const check = db
    .prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
    .get(KEY_CHECK_META_KEY)?.value;
  if (check !== undefined) return key !== undefined && keyFingerprint(key) === check;
  const sample = sealedSample(db);
  if (!sample) return undefined;
  if (!key) return false;
  try {
    cacheCryptoFor(key).open(sample.sealed, sample.context);
    return true;
  } catch {
    return false;
  }
}

const WITHOUT_KEY =
  'o use --force para restaurar sin esos datos (se borran la caché de consultas, los vigilados y los lotes ' +
  'pendientes) / or pass --force to restore without them (lookup cache, watch lists and pending batches are cleared)';

/** The refusal when the data folder's key does not open the copy; undefined when it does. */
function keyProblem(file: string, dataDir: string, envSecret: string | undefined): string | undefined {
  const key = configuredKey(dataDir, envSecret);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    if (keyOpens(db, key) !== false) return undefined;
  } finally {
    db.close();
  }
  return key === undefined
    ? `la copia tiene datos cifrados y ${dataDir} no tiene secret.key (ni CHASQUI_SECRET): copie ahí el secret.key ` +
        `de la carpeta de datos de donde viene la copia y repita, ${WITHOUT_KEY}`
    : `la clave de ${dataDir} (secret.key o CHASQUI_SECRET) no es con la que se hizo la copia: sus datos cifrados ` +
        `no se abrirían (vigilados fallaría). Ponga ahí el secret.key que corresponde a la copia y repita, ${WITHOUT_KEY}`;
}

/** `--force` past a key that does not open the copy: what was sealed under the other key goes. */
function dropSealedData(target: string): string[] {
  const db = new Database(target);
  try {
    const tables = tableNames(db);
    const cleared = SEALED_TABLES.filter((table) => tables.has(table));
    db.transaction(() => {
      for (const table of cleared) db.exec(`DELETE FROM ${table}`);
      db.prepare("DELETE FROM meta WHERE key IN (?, 'cache_secret')").run(KEY_CHECK_META_KEY);
    })();
    return cleared;
  } finally {
    db.close();
  }
}

export interface RestoreOptions {
  /** The app's migrations: the schema a copy must have (src/app/features.ts). */
  migrations: readonly Migration[];
  now?: Date;
  /** `CHASQUI_SECRET`, when set (else the data folder's `secret.key`). */
  envSecret?: string;
  /** Restore even when the data folder's key does not open the copy, dropping what it sealed. */
  force?: boolean;
}

export interface RestoreResult {
  /** Where the previous database (and its -wal/-shm) was moved; absent when there was none. */
  previous?: string;
  schemaVersion?: number;
  /** Sealed tables emptied because the key did not open them (`--force`). */
  cleared?: string[];
}

export class RestoreRefusedError extends Error {
  constructor(readonly problems: string[]) {
    super(`la copia no es válida / the backup is not valid: ${problems.join('; ')}`);
    this.name = 'RestoreRefusedError';
  }
}

/** Verifies, checks the key, keeps the old database aside and puts the copy in place, all 0600. */
export function restoreDataDir(dataDir: string, file: string, options: RestoreOptions): RestoreResult {
  const lock = acquireDataDirLock(dataDir);
  try {
    const verification = verifyBackup(file, options.migrations);
    if (!verification.ok) throw new RestoreRefusedError(verification.problems);
    const keyRefusal = keyProblem(file, dataDir, options.envSecret);
    if (keyRefusal && !options.force) throw new RestoreRefusedError([keyRefusal]);
    chmodSync(dataDir, 0o700);
    const target = path.join(dataDir, DB_FILE);
    const result: RestoreResult = {};
    if (verification.schemaVersion !== undefined) result.schemaVersion = verification.schemaVersion;
    if (existsSync(target)) {
      const aside = `${target}.before-restore-${backupFileName(options.now ?? new Date()).slice(8, -3)}`;
      for (const suffix of ['', '-wal', '-shm']) {
        if (!existsSync(target + suffix)) continue;
        renameSync(target + suffix, aside + suffix);
        chmodSync(aside + suffix, 0o600);
      }
      result.previous = aside;
    }
    const partial = `${target}.restoring`;
    copyFileSync(file, partial);
    chmodSync(partial, 0o600);
    if (keyRefusal) result.cleared = dropSealedData(partial);
    renameSync(partial, target);
    return result;
  } finally {
    lock.release();
  }
}
