import Database from 'better-sqlite3';
import { type Migration, migrations as allMigrations } from '../store/migrations.js';

/**
 * The exact schema a restore accepts: every table, index, trigger and view of a backup must be
 * one the migrations create, with the same SQL, and none may be missing. A trigger or view planted
 * in a file would otherwise run inside the bot once restored (triggers fire on our own writes).
 */

/** Tables SQLite itself may add (AUTOINCREMENT counters, ANALYZE statistics). */
const ENGINE_TABLES = new Set(['sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4']);

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

function objects(db: Database.Database): Map<string, string> {
  const rows = db.prepare<[], SchemaRow>('SELECT type, name, tbl_name, sql FROM sqlite_master').all();
  const out = new Map<string, string>();
  for (const row of rows) {
    if (row.type === 'table' && ENGINE_TABLES.has(row.name)) continue;
    // One space for every run of whitespace: the text SQLite keeps is the statement as written.
    out.set(`${row.type} ${row.name} on ${row.tbl_name}`, (row.sql ?? '').replace(/\s+/gu, ' ').trim());
  }
  return out;
}

/**
 * The migrations a database at `version` went through: all up to it, less the late-landing ones
 * (`isApplied`) it does not have yet; start applies those after the restore.
 */
function appliedMigrations(
  backup: Database.Database,
  version: number,
  list: readonly Migration[],
): Migration[] {
  return [...list]
    .sort((a, b) => a.version - b.version)
    .filter((m) => m.version <= version && (m.isApplied === undefined || m.isApplied(backup)));
}

/** What differs from the schema the migrations create (empty: the same), one line per object. */
export function schemaDifferences(
  backup: Database.Database,
  version: number,
  list: readonly Migration[] = allMigrations,
): string[] {
  const expected = new Database(':memory:');
  try {
    for (const migration of appliedMigrations(backup, version, list)) migration.up(expected);
    const want = objects(expected);
    const have = objects(backup);
    const problems: string[] = [];
    for (const [key, sql] of have) {
      if (!want.has(key)) problems.push(`de más / unexpected: ${key}`);
      else if (want.get(key) !== sql) problems.push(`distinto / altered: ${key}`);
    }
    for (const key of want.keys()) if (!have.has(key)) problems.push(`falta / missing: ${key}`);
    return problems;
  } finally {
    expected.close();
  }
}
