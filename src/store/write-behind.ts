import type { SqliteDatabase } from './sqlite.js';

/**
 * Rows written after the moment they are noted, many in one transaction: one autocommit per
 * message cost more than reading the message (WAL commit, locks). Pending rows are written when
 * `max` wait, `delayMs` after the first, on `flush` (before a read that needs them), on
 * `flushPending(db)` (any reader of the same database) and when the database is closed. A crash
 * loses at most `delayMs` of them.
 */
export interface WriteBehind<Row> {
  add(row: Row): void;
  flush(): void;
}

export interface WriteBehindOptions {
  delayMs?: number;
  max?: number;
  /** A write that fails after the moment (there is no caller left to throw to). */
  onError?: (error: unknown) => void;
}

/** The flushes of every write-behind of a database; run by `flushPending` and before `close`. */
const pendingOf = new WeakMap<SqliteDatabase, Set<() => void>>();

/** Writes every row still pending for `db` (a reader that must count them calls this first). */
export function flushPending(db: SqliteDatabase): void {
  for (const flush of pendingOf.get(db) ?? []) flush();
}

function register(db: SqliteDatabase, flush: () => void): void {
  let flushes = pendingOf.get(db);
  if (!flushes) {
    flushes = new Set();
    pendingOf.set(db, flushes);
    // A clean stop loses nothing, whoever closes the database: pending rows are written first.
    const close = db.close.bind(db);
    db.close = () => {
      try {
        if (db.open) flushPending(db);
      } finally {
        close();
      }
      return db;
    };
  }
  flushes.add(flush);
}

/** `write` takes the pending rows at once (in one transaction): `insertMany` writes them in a few statements. */
export function writeBehind<Row>(
  db: SqliteDatabase,
  write: (rows: Row[]) => void,
  options: WriteBehindOptions = {},
): WriteBehind<Row> {
  const { delayMs = 1_000, max = 64 } = options;
  const pending: Row[] = [];
  let timer: NodeJS.Timeout | undefined;
  const writeAll = db.transaction(write);
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0 || !db.open) return;
    const rows = pending.splice(0);
    try {
      writeAll(rows);
    } catch (error) {
      // A write that may work later (a busy, locked or full database, an I/O error) keeps its
      // rows for the next flush, at most MAX_KEPT; one that never will (a constraint) drops them.
      if (transient(error)) pending.unshift(...rows.slice(Math.max(0, rows.length - MAX_KEPT)));
      throw error;
    }
  };
  const later = () => {
    try {
      flush();
    } catch (error) {
      options.onError?.(error);
      if (pending.length > 0) timer ??= setTimeout(later, delayMs).unref();
    }
  };
  register(db, flush);
  return {
    add(row) {
      pending.push(row);
      if (pending.length >= max) flush();
      else timer ??= setTimeout(later, delayMs).unref();
    },
    flush,
  };
}

/** Rows a failed write keeps for the next flush (the newest; a disk full for hours drops the oldest). */
const MAX_KEPT = 10_000;

/** SQLite errors a later write may not meet: busy, locked, full, I/O. */
function transient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED|FULL|IOERR)/u.test(code);
}

/** Rows per statement at most; a batch is written as statements of 64, 32, … 1 rows. */
const MANY = 64;

/**
 * Writes rows of `width` values with `INSERT … VALUES (…), (…), …` (`head` before VALUES, `tail`
 * after the rows, e.g. an upsert clause): a few statements per batch, prepared once per size, not
 * one statement run per row (binding and stepping one row at a time cost more than the rows).
 */
export function insertMany<Row extends readonly unknown[]>(
  db: SqliteDatabase,
  head: string,
  width: number,
  tail = '',
): (rows: readonly Row[]) => void {
  const row = `(${new Array<string>(width).fill('?').join(', ')})`;
  const statements = new Map<number, ReturnType<SqliteDatabase['prepare']>>();
  const statementFor = (size: number) => {
    let statement = statements.get(size);
    if (!statement) {
      statement = db.prepare(`${head} VALUES ${new Array<string>(size).fill(row).join(', ')} ${tail}`);
      statements.set(size, statement);
    }
    return statement;
  };
  return (rows) => {
    let at = 0;
    for (let size = MANY; size >= 1; size >>= 1) {
      while (rows.length - at >= size) {
        const values: unknown[] = [];
        for (let i = at; i < at + size; i++) values.push(...rows[i]!);
        statementFor(size).run(values);
        at += size;
      }
    }
  };
}
