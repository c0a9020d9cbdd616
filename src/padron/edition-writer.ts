import { closeSync, fsyncSync, openSync, rmSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { type EditionMeta, EDITION_SCHEMA_VERSION } from './edition-file.js';
import { decodeWindows1252 } from './format.js';
import { copyNameIndex } from './name-index.js';
import type { FromNameIndexWorker } from './name-index-worker.js';
import type { RowBatch } from './parse.js';
import { spawnWorker, workerEnd } from './spawn-worker.js';

/**
 * Builds one edition file (runs in the edition worker, off the main thread). Measured on 2 M
 * rows (bench/padron.ts): rows go in file order through a 200-row INSERT (a third of the
 * statement calls' cost of one row at a time); after the load the RUC index (one sort) is built
 * here while the name-index worker builds the name index from the same rows in a file of its own
 * (name-index.ts), copied in at the end. The file is a scratch copy until it is swapped in: no
 * journal on disk (WAL only while the two builds share it), no syncs but the last.
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
 * Helper threads for the RUC index's sort: none. When both indexes were built here one after the
 * other, one helper put the idle second core to work (the worker's own CPU for the two builds went
 * from a median of 4.2 s to 3.4 s on 2 M rows, load 9–12); now the name-index worker has that core,
 * and a helper would only compete with it (and keep its own malloc arena resident).
 */
const SORT_HELPERS = 0;

const insertSql = (rows: number) =>
  `INSERT INTO taxpayer (ruc, words, line) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?)').join(', ')}`;

export interface EditionWriter {
  add(batch: RowBatch): void;
  /** Commits the rows and builds both indexes (the import's peak); finish does it when not asked first. */
  index(): Promise<void>;
  /** Indexes the rows (unless done), records the meta, closes and syncs the file. */
  finish(meta: EditionMeta): Promise<void>;
  /** Closes without finishing (the caller deletes the file). */
  abandon(): void;
}

/** Young generation of the name-index worker: it holds no JavaScript data to speak of. */
const NAME_WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** Starts the name-index worker on `edition`'s committed rows; settles when `names` is built. */
function startNameIndex(edition: string, names: string): { built: Promise<void>; worker: Worker } {
  const worker = spawnWorker('name-index-worker', { edition, names }, NAME_WORKER_LIMITS);
  const built = workerEnd<FromNameIndexWorker>(worker).then(({ message, error, code }) => {
    if (message?.type === 'built') return;
    if (message?.type === 'error') throw Object.assign(new Error(message.message), { code: message.code });
    throw error ?? new Error(`el índice de nombres del padrón no terminó (código ${code})`);
  });
  return { built, worker };
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
  const names = `${file}.names`;
  let nameWorker: Worker | undefined;
  let indexed: Promise<void> | undefined;
  db.exec('BEGIN');

  async function buildIndexes(): Promise<void> {
    for (let at = 0; at < values.length; at += COLUMNS) insertOne.run(values.slice(at, at + COLUMNS));
    values.length = 0;
    db.exec('COMMIT');
    // WAL while the two indexes are built: the name-index worker reads the committed rows
    // through its own connection while this one writes the RUC index.
    db.pragma('locking_mode = NORMAL');
    db.prepare('SELECT count(*) FROM meta').get(); // the exclusive lock goes with this read
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    const nameIndex = startNameIndex(file, names);
    nameWorker = nameIndex.worker;
    try {
      db.pragma(`threads = ${SORT_HELPERS}`);
      db.exec('CREATE INDEX taxpayer_ruc ON taxpayer (ruc)');
      await nameIndex.built;
      nameWorker = undefined;
      // Back to one file (this checkpoints the WAL and deletes it). SQLite leaves WAL for a
      // rollback journal only (asked for OFF, it stays in WAL): the last writes, the copy of the
      // name index and the meta, are a few MB.
      db.pragma('journal_mode = DELETE');
      db.pragma('locking_mode = EXCLUSIVE');
      copyNameIndex(db, names);
    } finally {
      rmSync(names, { force: true });
    }
  }

  const index = () => (indexed ??= buildIndexes());

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
    index,
    async finish(meta) {
      await index();
      db.exec('BEGIN');
      const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      for (const [key, value] of Object.entries({ ...meta, schema: EDITION_SCHEMA_VERSION })) {
        if (value !== undefined) put.run(key, String(value));
      }
      db.exec('COMMIT');
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
      void nameWorker?.terminate();
      if (db.open) db.close();
      rmSync(names, { force: true });
    },
  };
}
