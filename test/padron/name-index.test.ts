import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditionMeta } from '../../src/padron/edition-file.js';
import { createEditionWriter } from '../../src/padron/edition-writer.js';
import { loadPadron } from '../../src/padron/load.js';
import { PADRON_HEADER, padronLines } from '../../src/sandbox/padron/rows.js';

/**
 * The name index is built in a file of its own beside the RUC index and copied into the edition
 * (edition-writer.ts, name-index.ts): the copy must be the index an in-place build makes, and a
 * failed build must fail the edition and leave no file behind.
 */

const META: EditionMeta = {
  edition: '2026-11-24',
  importedAt: '2026-11-24T10:00:00.000Z',
  rows: 0,
  malformed: 0,
  zipBytes: 0,
  sha256: '0'.repeat(64),
  source: 'test',
  sandbox: true,
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-name-index-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The generated register's text (1,500 rows), as the unzipper would yield it. */
async function* registerText(): AsyncGenerator<Buffer> {
  yield Buffer.from(`${PADRON_HEADER}\r\n`, 'latin1');
  for (const line of padronLines(1_500)) yield Buffer.from(`${line}\r\n`, 'latin1');
}

async function buildEdition(file: string): Promise<void> {
  const writer = createEditionWriter(file);
  try {
    await loadPadron(registerText(), writer);
    await writer.finish(META);
  } catch (error) {
    writer.abandon();
    throw error;
  }
}

/** Row keys matching `query`, in rowid order. */
const matches = (db: Database.Database, table: string, query: string) =>
  (
    db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).all(query) as {
      rowid: number;
    }[]
  ).map((row) => row.rowid);

describe('the edition name index built beside the RUC index', () => {
  it('is the index an in-place build makes, whole and in one file', async () => {
    const file = path.join(dir, 'edition-1-1.db');
    await buildEdition(file);
    expect(existsSync(`${file}.names`)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);

    const reference = path.join(dir, 'reference.db');
    copyFileSync(file, reference);
    const db = new Database(reference);
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.exec(`INSERT INTO name_index (name_index) VALUES ('integrity-check')`);
    db.exec(`CREATE VIRTUAL TABLE ref USING fts5(
      name, content='', detail=none, columnsize=0, tokenize='unicode61 remove_diacritics 2'
    );
    INSERT INTO ref (rowid, name) SELECT rowid, name FROM (
      SELECT (words << 27) | rowid AS rowid, substr(line, 1, instr(line, '|') - 1) AS name FROM taxpayer
    ) ORDER BY rowid`);
    const names = db.prepare("SELECT substr(line, 1, instr(line, '|') - 1) AS name FROM taxpayer").all() as {
      name: string;
    }[];
    expect(names.length).toBeGreaterThanOrEqual(1_500);
    const words = [
      ...new Set(names.flatMap(({ name }) => name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2))),
    ].slice(0, 60);
    expect(words.length).toBeGreaterThan(30);
    for (const word of words) {
      const query = `"${word}"`;
      const copied = matches(db, 'name_index', query);
      expect(copied.length).toBeGreaterThan(0);
      expect(copied).toEqual(matches(db, 'ref', query));
    }
    db.close();
  });

  it('fails the edition when the name index cannot be built, and leaves no file of its own', async () => {
    const file = path.join(dir, 'edition-2-1.db');
    writeFileSync(`${file}.names`, 'not a database, and in the way');
    await expect(buildEdition(file)).rejects.toThrow();
    expect(existsSync(`${file}.names`)).toBe(false);
  });
});
