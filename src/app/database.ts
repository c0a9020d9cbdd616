import { openDatabase as openStore, type OpenStoreOptions, type SqliteDatabase } from '../store/sqlite.js';
import { migrations } from './features.js';

/**
 * Opens the data directory's database with the app's migrations (the platform's and every
 * feature's): what `chasqui start`, the benchmarks and tests use. `migrations` may still be given
 * (a test building an older schema).
 */
export function openDatabase(
  options: Omit<OpenStoreOptions, 'migrations'> & Partial<Pick<OpenStoreOptions, 'migrations'>>,
): SqliteDatabase {
  return openStore({ ...options, migrations: options.migrations ?? migrations });
}

export { migrations };
export type { SqliteDatabase };
