import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { addressLine, splitParts } from './address.js';
import { readMeta } from './edition-file.js';
import { livePath } from './files.js';
import { foldName } from './fold-name.js';
import type { PadronEdition, PadronPort, PadronTaxpayer } from './port.js';

/**
 * The mirror's read side: `padron.db` opened read-only, reopened when an update renames a new
 * edition over it (checked at most once per `recheckMs`; the old file stays readable until then),
 * closed when it disappears. Never downloads: without an edition every lookup answers undefined.
 */

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
  ruc: number;
  name: string;
  rest: string;
}

function toTaxpayer(row: Row): PadronTaxpayer {
  const parts = splitParts(row.rest);
  return { ruc: String(row.ruc), name: row.name, ...parts, address: addressLine(parts) };
}

/** The FTS5 query for what someone typed: every word required, the last one also as a prefix. */
export function nameQuery(text: string): string | undefined {
  const words = foldName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return undefined;
  return words
    .map((word, i) => (i === words.length - 1 && word.length >= 3 ? `"${word}"*` : `"${word}"`))
    .join(' ');
}

function openEdition(file: string, inode: number): Open | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
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
      byRuc: db.prepare('SELECT ruc, name, rest FROM taxpayer WHERE ruc = ? LIMIT 1'),
      byName: db.prepare(
        `SELECT t.ruc, t.name, t.rest FROM (
           SELECT rowid AS id, rank FROM name_index WHERE name_index MATCH ? ORDER BY rank LIMIT ?
         ) AS hit JOIN taxpayer AS t ON t.rowid = hit.id ORDER BY hit.rank`,
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
      const query = nameQuery(text);
      if (!open || !query || limit < 1) return [];
      return open.byName.all(query, limit).map(toTaxpayer);
    },
    edition: () => live()?.edition,
    refresh,
    close() {
      current?.db.close();
      current = undefined;
    },
  };
}
