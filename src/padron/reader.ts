import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { taxpayerOf } from './address.js';
import { fold } from '../text/fold.js';
import { MAX_ROWS, readMeta } from './edition-file.js';
import { livePath } from './files.js';
import type { PadronEdition, PadronPort, PadronTaxpayer } from './port.js';

/**
 * The mirror's read side: `padron.db` opened read-only, reopened when an update renames a new
 * edition over it (checked at most once per `recheckMs`; the old file stays readable until then),
 * closed when it disappears. Never downloads: without an edition every lookup answers undefined.
 */

/**
 * The edition is read through a memory map (up to SQLite's 2 GB cap) rather than a copy of each
 * 16 KiB page per read: a lookup's two page reads had been half its time. Pages touched count in
 * the process's RSS as shared file cache, which the kernel can drop at any time.
 */
const MMAP_BYTES = 0x7fff0000;

export interface PadronReader extends PadronPort {
  /** Checks for a new edition now (after an update in this process). */
  refresh(): void;
  close(): void;
}

interface Open {
  db: Database.Database;
  inode: number;
  edition: PadronEdition;
  byRuc: Database.Statement<[number], Row>;
  byName: Database.Statement<[string, number], Row>;
}

interface Row {
  key?: number;
  ruc: number;
  /** `NAME|13 parts`, as the register wrote them. */
  line: string;
}

const toTaxpayer = (row: Row): PadronTaxpayer => taxpayerOf(String(row.ruc), row.line);

/**
 * The FTS5 queries for what someone typed: every word required as written (accents and case
 * folded), then, when the last word has 3 letters or more, the same with the last word as a
 * prefix ("transportes andi"). Undefined when nothing searchable was typed.
 */
function nameQueries(text: string): { exact: string; prefix?: string } | undefined {
  const words = fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const exact = words.map((word) => `"${word}"`).join(' ');
  const last = words[words.length - 1] ?? '';
  return last.length >= 3 ? { exact, prefix: `${exact}*` } : { exact };
}

function openEdition(file: string, inode: number): Open | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    const meta = readMeta(db);
    if (!meta) {
      db.close();
      return undefined;
    }
    return {
      db,
      inode,
      edition: {
        edition: meta.edition,
        importedAt: meta.importedAt,
        rows: meta.rows,
        zipBytes: meta.zipBytes,
        sha256: meta.sha256,
        fileBytes: statSync(file).size,
        source: meta.source,
        sandbox: meta.sandbox,
      },
      byRuc: db.prepare('SELECT ruc, line FROM taxpayer WHERE ruc = ? LIMIT 1'),
      // Keys in rowid order are names by word count (see NAME_KEY_BITS): bm25's order, unsorted.
      byName: db.prepare(
        `SELECT hit.key, t.ruc, t.line FROM (
           SELECT rowid AS key FROM name_index WHERE name_index MATCH ? ORDER BY rowid LIMIT ?
         ) AS hit JOIN taxpayer AS t ON t.rowid = (hit.key & ${MAX_ROWS}) ORDER BY hit.key`,
      ),
    };
  } catch {
    db?.close();
    return undefined;
  }
}

/** Opens the mirror of a data directory (present or not yet). */
export function openPadronReader(dataDir: string, options: { recheckMs?: number } = {}): PadronReader {
  const file = livePath(dataDir);
  const recheckMs = options.recheckMs ?? 1_000;
  let current: Open | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  const refresh = () => {
    checkedAt = Date.now();
    let inode: number | undefined;
    try {
      inode = statSync(file).ino;
    } catch {
      inode = undefined;
    }
    if (inode === current?.inode) return;
    current?.db.close();
    current = inode === undefined ? undefined : openEdition(file, inode);
  };
  const live = (): Open | undefined => {
    if (Date.now() - checkedAt >= recheckMs) refresh();
    return current;
  };

  return {
    lookupRuc(ruc) {
      if (!/^\d{11}$/u.test(ruc)) return undefined;
      const row = live()?.byRuc.get(Number(ruc));
      return row ? toTaxpayer(row) : undefined;
    },
    searchName(text, limit) {
      const open = live();
      const queries = nameQueries(text);
      if (!open || !queries || limit < 1) return [];
      // Whole words first (cheap: FTS5 stops at `limit`), then prefix matches after them.
      const rows = open.byName.all(queries.exact, limit);
      if (rows.length < limit && queries.prefix) {
        const seen = new Set(rows.map((row) => row.key));
        for (const row of open.byName.all(queries.prefix, limit)) {
          if (rows.length >= limit) break;
          if (!seen.has(row.key)) rows.push(row);
        }
      }
      return rows.map(toTaxpayer);
    },
    edition: () => live()?.edition,
    refresh,
    close() {
      current?.db.close();
      current = undefined;
    },
  };
}
