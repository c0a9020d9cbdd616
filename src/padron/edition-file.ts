import Database from 'better-sqlite3';
import { foldName } from './fold-name.js';
import type { PadronLine } from './format.js';

/**
 * One edition of the mirror is one SQLite file of its own (never chasqui.db): the taxpayers in
 * file order, an index on RUC built after the load (one sort, not millions of random inserts),
 * an FTS5 index of the folded names (contentless, no positions: small and fast to build), and a
 * meta table with where and when the edition came from.
 */

export const EDITION_SCHEMA_VERSION = 1;

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

const SCHEMA = `
  CREATE TABLE taxpayer (ruc INTEGER NOT NULL, name TEXT NOT NULL, rest TEXT NOT NULL);
  CREATE VIRTUAL TABLE name_index USING fts5(
    name, content='', detail=none, columnsize=0, tokenize='unicode61 remove_diacritics 0'
  );
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** Writes a new edition file row by row; `finish` indexes it and records its meta. */
export interface EditionWriter {
  add(line: PadronLine): void;
  readonly rows: number;
  finish(meta: EditionMeta): void;
  /** Closes without finishing (the caller deletes the file). */
  abandon(): void;
}

/** Creates the file (which must not exist) with settings for one fast bulk load. */
export function createEditionWriter(file: string): EditionWriter {
  const db = new Database(file);
  // A half-built file is thrown away, never repaired: the journal stays in memory (OFF is refused
  // in better-sqlite3's defensive mode), no syncs until the end.
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('cache_size = -8000');
  db.pragma('threads = 0');
  db.exec(SCHEMA);
  const insertRow = db.prepare('INSERT INTO taxpayer (rowid, ruc, name, rest) VALUES (?, ?, ?, ?)');
  const insertName = db.prepare('INSERT INTO name_index (rowid, name) VALUES (?, ?)');
  db.exec('BEGIN');
  let rows = 0;
  return {
    add(line) {
      rows += 1;
      insertRow.run(rows, Number(line.ruc), line.name, line.rest);
      insertName.run(rows, foldName(line.name));
    },
    get rows() {
      return rows;
    },
    finish(meta) {
      db.exec('COMMIT');
      db.exec('CREATE INDEX taxpayer_ruc ON taxpayer (ruc)');
      db.exec("INSERT INTO name_index (name_index) VALUES ('optimize')");
      const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      for (const [key, value] of Object.entries({ ...meta, schema: EDITION_SCHEMA_VERSION })) {
        if (value !== undefined) put.run(key, String(value));
      }
      db.pragma('locking_mode = NORMAL');
      db.close();
    },
    abandon() {
      if (db.open) db.close();
    },
  };
}

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
