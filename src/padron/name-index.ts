import Database from 'better-sqlite3';
import { NAME_KEY_BITS } from './edition-file.js';

/**
 * The edition's name index, built in a file of its own by the name-index worker while the edition
 * worker builds the RUC index (two index builds at once instead of one after the other: the
 * import's serial tail, with one core idle, had been a third of its time), then copied into the
 * edition, which is one file again before it is swapped in.
 */

/**
 * Names folded by FTS5 itself (case and accents, as src/text/fold.ts does for Latin letters);
 * no positions (detail=none: every query word is required, never a phrase). No prefix index: one
 * for 3-letter prefixes cost 0.85 s of CPU per 2 M rows (+50 %) and helps no longer prefix. No
 * final 'optimize' either: merging FTS5's 8 segments into one cost 0.25 s per 2 M rows (4 % of
 * the import) and saved 0.04 ms of a search's median (0.09 → 0.05 ms).
 */
const NAME_TABLE = `CREATE VIRTUAL TABLE name_index USING fts5(
  name, content='', detail=none, columnsize=0, tokenize='unicode61 remove_diacritics 2'
)`;

/** FTS5's own tables behind `name_index` (contentless, no column sizes: these three only). */
const SHADOW_TABLES = ['name_index_data', 'name_index_idx', 'name_index_config'] as const;

/**
 * The new file's settings for one bulk build, as the edition's (see edition-writer.ts): a scratch
 * file, so no journal and no syncs, a small cache, no sort helper (the RUC index has the other
 * core). Named `main.` so they leave the attached edition alone (an exclusive lock there would
 * stop the RUC index being written). Small pages: the sorter's runs are 250 pages each.
 */
function bulkSettings(db: Database.Database): void {
  db.pragma('main.page_size = 4096');
  db.pragma('main.journal_mode = OFF');
  db.pragma('main.synchronous = OFF');
  db.pragma('main.cache_size = -2000');
  db.pragma('threads = 0');
}

/**
 * Builds `names` (a new file) from the edition's rows, read through a second connection while
 * the edition (in WAL mode for the while) gets its RUC index. Keys in rowid order are names by
 * word count (see NAME_KEY_BITS), filled in key order so that FTS5 writes each term's list once.
 */
export function buildNameIndex(edition: string, names: string): void {
  const db = new Database(names);
  try {
    bulkSettings(db);
    db.prepare('ATTACH DATABASE ? AS edition').run(edition);
    // better-sqlite3 builds SQLite with a 16 MB default cache: an attached file gets that, not
    // main's 2 MB (+16 MB of RSS here for a one-pass read of the rows). A one-pass read needs
    // only the table's few interior pages: 512 KB (this thread's malloc arena at the import's
    // peak 7.3 → 5.8 MB; the build's CPU time the same within its spread, 2.8–3.7 s on 2 M rows).
    db.pragma('edition.cache_size = -512');
    db.exec(NAME_TABLE);
    db.exec(
      `INSERT INTO name_index (rowid, name)
         SELECT (words << ${NAME_KEY_BITS}) | rowid, substr(line, 1, instr(line, '|') - 1)
         FROM edition.taxpayer ORDER BY 1`,
    );
    db.exec('DETACH DATABASE edition');
  } finally {
    db.close();
  }
}

/**
 * Copies a finished name index into the edition: an empty `name_index` declared the same way, its
 * three tables filled with the built ones' rows as they are (FTS5 guards its tables against
 * writes, hence the unsafe mode, only for these statements).
 */
export function copyNameIndex(db: Database.Database, names: string): void {
  db.prepare('ATTACH DATABASE ? AS names').run(names);
  db.pragma('names.cache_size = -2000'); // not better-sqlite3's 16 MB default (see above)
  db.unsafeMode(true);
  try {
    db.transaction(() => {
      db.exec(NAME_TABLE);
      for (const table of SHADOW_TABLES) {
        db.exec(`DELETE FROM main.${table}; INSERT INTO main.${table} SELECT * FROM names.${table}`);
      }
    })();
  } finally {
    db.unsafeMode(false);
  }
  db.exec('DETACH DATABASE names');
}
