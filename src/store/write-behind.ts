import type { SqliteDatabase } from './sqlite.js';

/**
 * Rows written after the moment they are noted, many in one transaction: one autocommit per
 * message cost more than reading the message (WAL commit, locks). Pending rows are written when
 * `max` wait, `delayMs` after the first, or on `flush` (before a read that needs them, on close).
 * A crash loses at most `delayMs` of them, so only rows nothing exact depends on go through here.
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

export function writeBehind<Row>(
  db: SqliteDatabase,
  write: (row: Row) => void,
  options: WriteBehindOptions = {},
): WriteBehind<Row> {
  const { delayMs = 1_000, max = 64 } = options;
  const pending: Row[] = [];
  let timer: NodeJS.Timeout | undefined;
  const writeAll = db.transaction((rows: Row[]) => {
    for (const row of rows) write(row);
  });
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = pending.splice(0);
    if (rows.length > 0 && db.open) writeAll(rows);
  };
  const later = () => {
    try {
      flush();
    } catch (error) {
      options.onError?.(error);
    }
  };
  return {
    add(row) {
      pending.push(row);
      if (pending.length >= max) flush();
      else timer ??= setTimeout(later, delayMs).unref();
    },
    flush,
  };
}
