import { closeSync, fsyncSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { type EditionMeta, EDITION_SCHEMA_VERSION, NAME_KEY_BITS } from './edition-file.js';
import { decodeWindows1252 } from './format.js';
import type { RowBatch } from './parse.js';

/**
 * Builds one edition file (runs in the edition worker, off the main thread). Measured on 2 M
 * rows (bench/padron.ts): rows go in file order through a 200-row INSERT (a third of the
 * statement calls' cost of one row at a time), the RUC index is one sort after the load, and the
 * name index is filled by one INSERT … SELECT in key order, so FTS5 writes each term's list once.
 * The file is a scratch copy until it is swapped in: no journal on disk, no syncs but the last.
 */

/** Rows per INSERT statement. */
const ROWS_PER_INSERT = 200;
const COLUMNS = 3;

/** `line` is the row after its RUC, `NAME|13 parts`: one string to bind instead of two. */
const TABLES = `
  CREATE TABLE taxpayer (ruc INTEGER NOT NULL, words INTEGER NOT NULL, line TEXT NOT NULL);
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * Names folded by FTS5 itself (case and accents, as src/text/fold.ts does for Latin letters);
 * no positions (detail=none: every query word is required, never a phrase). No prefix index: one
 * for 3-letter prefixes cost 0.85 s of CPU per 2 M rows (+50 %) and helps no longer prefix. No
 * final 'optimize' either: merging FTS5's 8 segments into one cost 0.25 s per 2 M rows (4 % of
 * the import) and saved 0.04 ms of a search's median (0.09 → 0.05 ms).
 */
const NAME_INDEX = `
  CREATE VIRTUAL TABLE name_index USING fts5(
    name, content='', detail=none, columnsize=0, tokenize='unicode61 remove_diacritics 2'
  );
  INSERT INTO name_index (rowid, name)
    SELECT (words << ${NAME_KEY_BITS}) | rowid, substr(line, 1, instr(line, '|') - 1) FROM taxpayer ORDER BY 1;
`;

/**
 * Helper threads for the sorts of the two index builds (RUC, then names in key order): while they
 * run the main thread only waits, so one helper puts the second core to work, sorting each run
 * and merging them beside the edition worker's scan. Measured on 2 M rows (load average 9–12):
 * the worker thread's own CPU for the two builds, the import's serial tail, went from a median of
 * 4.2 s (3.4–5.1) to 3.4 s (3.1–4.0), for about 0.4 s more CPU in all and 4 MB more RSS (a second
 * 2 MB run in flight), under the load phase's peak; more helpers only compete for the two cores.
 */
const SORT_HELPERS = 1;

const insertSql = (rows: number) =>
  `INSERT INTO taxpayer (ruc, words, line) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?)').join(', ')}`;

export interface EditionWriter {
  add(batch: RowBatch): void;
  /** Indexes the rows, records the meta, closes and syncs the file. */
  finish(meta: EditionMeta): void;
  /** Closes without finishing (the caller deletes the file). */
  abandon(): void;
}

/** Creates the file (which must not exist) with settings for one fast bulk load. */
export function createEditionWriter(file: string): EditionWriter {
  const db = new Database(file);
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  // Appends need few pages, and the index sorts ran fastest with a small cache (2 MB: 0.8 s of
  // CPU for 2 M keys, 1.7 s with 64 MB), spilling sorted runs to temp files and merging them.
  db.pragma('cache_size = -2000');
  db.exec(TABLES);
  const insertMany = db.prepare(insertSql(ROWS_PER_INSERT));
  const insertOne = db.prepare(insertSql(1));
  const values: (number | string)[] = [];
  db.exec('BEGIN');
  return {
    add({ bytes, length, windows1252, rows, rucs, spans, words }) {
      // One character per byte: the spans index the decoded text as they did the bytes.
      const text = decodeWindows1252(Buffer.from(bytes.buffer, 0, length), windows1252);
      for (let i = 0; i < rows; i++) {
        values.push(rucs[i]!, words[i]!, text.slice(spans[2 * i]!, spans[2 * i + 1]!));
        if (values.length === ROWS_PER_INSERT * COLUMNS) {
          insertMany.run(values);
          values.length = 0;
        }
      }
    },
    finish(meta) {
      for (let at = 0; at < values.length; at += COLUMNS) insertOne.run(values.slice(at, at + COLUMNS));
      values.length = 0;
      db.exec('COMMIT');
      db.pragma(`threads = ${SORT_HELPERS}`);
      db.exec('CREATE INDEX taxpayer_ruc ON taxpayer (ruc)');
      db.exec(NAME_INDEX);
      const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      for (const [key, value] of Object.entries({ ...meta, schema: EDITION_SCHEMA_VERSION })) {
        if (value !== undefined) put.run(key, String(value));
      }
      db.pragma('locking_mode = NORMAL');
      db.close();
      const fd = openSync(file, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
    abandon() {
      if (db.open) db.close();
    },
  };
}
