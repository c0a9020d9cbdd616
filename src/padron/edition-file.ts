import Database from 'better-sqlite3';

/**
 * One edition of the mirror is one SQLite file of its own (never chasqui.db): the taxpayers in
 * file order, an index on RUC and an FTS5 index of the names, both built after the load (see
 * edition-writer.ts), and a meta table with where and when the edition came from. This module
 * is the read side of that layout; readers of an older layout see no edition until the next update.
 */

export const EDITION_SCHEMA_VERSION = 2;

/** What the mirror knows about an edition (the `meta` table). */
export interface EditionMeta {
  /** Publication date (Lima, YYYY-MM-DD): the server's Last-Modified, else the download day. */
  edition: string;
  /** When this mirror finished importing it (ISO instant). */
  importedAt: string;
  rows: number;
  /** Lines skipped as malformed. */
  malformed: number;
  /** The downloaded ZIP: bytes and SHA-256 (hex). */
  zipBytes: number;
  sha256: string;
  source: string;
  /** True when it came from the sandbox (fictional rows). */
  sandbox: boolean;
  etag?: string;
  lastModified?: string;
}

/**
 * The name index's rowid is `words << NAME_KEY_BITS | row`: FTS5 walks matches in rowid order, so
 * the first matches are the names with the fewest words, which is exactly FTS5's bm25 order for
 * queries that require every word (with detail=none each word counts once; only the length
 * differs). A search is then as cheap as an unranked one. Rows are capped at 2^27 (134 million).
 */
export const NAME_KEY_BITS = 27;
export const MAX_ROWS = 2 ** NAME_KEY_BITS - 1;

/** The meta of an open edition, or undefined when the file is not a finished edition. */
export function readMeta(db: Database.Database): EditionMeta | undefined {
  let entries: { key: string; value: string }[];
  try {
    entries = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  } catch {
    return undefined;
  }
  const raw = Object.fromEntries(entries.map((e) => [e.key, e.value]));
  if (raw.edition === undefined || raw.rows === undefined || Number(raw.schema) !== EDITION_SCHEMA_VERSION) {
    return undefined;
  }
  const meta: EditionMeta = {
    edition: raw.edition,
    importedAt: raw.importedAt ?? '',
    rows: Number(raw.rows),
    malformed: Number(raw.malformed ?? 0),
    zipBytes: Number(raw.zipBytes ?? 0),
    sha256: raw.sha256 ?? '',
    source: raw.source ?? '',
    sandbox: raw.sandbox === 'true',
  };
  if (raw.etag !== undefined) meta.etag = raw.etag;
  if (raw.lastModified !== undefined) meta.lastModified = raw.lastModified;
  return meta;
}

/** Reads the meta of an edition file without keeping it open; undefined when absent or unfinished. */
export function readEditionFile(file: string): EditionMeta | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return readMeta(db);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}
