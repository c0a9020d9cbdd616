import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/app/database.js';
import { insertMany, writeBehind } from '../../src/store/write-behind.js';

function table() {
  const db = openDatabase({ dir: ':memory:' });
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, label TEXT NOT NULL, hits INTEGER NOT NULL DEFAULT 1)');
  const all = () =>
    db.prepare('SELECT n, label, hits FROM t ORDER BY n').all() as {
      n: number;
      label: string;
      hits: number;
    }[];
  return { db, all };
}

describe('insertMany', () => {
  it('writes every row of any batch size, in order, in statements of 64, 32, … 1 rows', () => {
    const { db, all } = table();
    const write = insertMany<[number, string]>(db, 'INSERT INTO t (n, label)', 2);
    let next = 0;
    for (const size of [0, 1, 2, 3, 63, 64, 65, 127, 200]) {
      const rows: [number, string][] = [];
      for (let i = 0; i < size; i++, next++) rows.push([next, `row ${next}`]);
      write(rows);
      expect(all()).toHaveLength(next);
    }
    expect(all().map((r) => r.n)).toEqual([...Array(next).keys()]);
    expect(all()[130]).toEqual({ n: 130, label: 'row 130', hits: 1 });
    db.close();
  });

  it('applies its tail (an upsert) to each row, a row repeated in one batch included', () => {
    const { db, all } = table();
    const write = insertMany<[number, string]>(
      db,
      'INSERT INTO t (n, label)',
      2,
      'ON CONFLICT (n) DO UPDATE SET hits = hits + 1, label = excluded.label',
    );
    write([
      [1, 'a'],
      [2, 'b'],
      [1, 'c'],
    ]);
    expect(all()).toEqual([
      { n: 1, label: 'c', hits: 2 },
      { n: 2, label: 'b', hits: 1 },
    ]);
    db.close();
  });

  it('writes all of a batch or none of it inside the write-behind transaction', () => {
    const { db, all } = table();
    const write = insertMany<[number, string]>(db, 'INSERT INTO t (n, label)', 2);
    const failures: unknown[] = [];
    const rows = writeBehind<[number, string]>(db, write, { onError: (error) => failures.push(error) });
    rows.add([1, 'a']);
    rows.flush();
    rows.add([2, 'b']);
    rows.add([1, 'again']); // the primary key refuses it: the whole batch is rolled back
    expect(() => rows.flush()).toThrow();
    expect(all()).toEqual([{ n: 1, label: 'a', hits: 1 }]);
    db.close();
  });
});

describe('writeBehind after a failed write', () => {
  it('keeps the rows of a write that may work later and writes them on the next flush', () => {
    const { db, all } = table();
    const insert = insertMany<[number, string]>(db, 'INSERT INTO t (n, label)', 2);
    let busy = true;
    const write = (rows: [number, string][]) => {
      if (busy) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      insert(rows);
    };
    const rows = writeBehind<[number, string]>(db, write);
    rows.add([1, 'a']);
    rows.add([2, 'b']);
    expect(() => rows.flush()).toThrow('database is locked');
    expect(all()).toEqual([]);
    busy = false;
    rows.add([3, 'c']);
    rows.flush();
    expect(all().map((r) => r.label)).toEqual(['a', 'b', 'c']);
    db.close();
  });

  it('drops the rows of a write that never will, and writes the next ones', () => {
    const { db, all } = table();
    const write = insertMany<[number, string]>(db, 'INSERT INTO t (n, label)', 2);
    const rows = writeBehind<[number, string]>(db, write);
    rows.add([1, 'a']);
    rows.add([1, 'again']);
    expect(() => rows.flush()).toThrow();
    rows.add([2, 'b']);
    rows.flush();
    expect(all().map((r) => r.label)).toEqual(['b']);
    db.close();
  });
});
