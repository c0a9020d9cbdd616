import type { SqliteDatabase } from './sqlite.js';

/** One change to a signal key row; `value: null` deletes the row. */
export interface AuthKeyChange {
  type: string;
  id: string;
  value: string | null;
}

/**
 * The WhatsApp auth state as plain SQLite rows (already-serialised strings). Baileys-specific
 * (de)serialisation lives in `src/transports/whatsapp/connection/auth.ts`, so the store never imports Baileys.
 */
export interface AuthRowStore {
  readCreds(): string | undefined;
  writeCreds(value: string): void;
  /** Values of the given ids of one key type; ids without a row are absent from the map. */
  readKeys(type: string, ids: readonly string[]): Map<string, string>;
  /**
   * Applies every change in ONE transaction. The iterable is consumed inside the transaction,
   * so a throw while producing a value (e.g. a serialisation error) rolls everything back.
   */
  writeKeys(changes: Iterable<AuthKeyChange>): void;
  /** Deletes the creds and every key (after a 401 logout the session must be paired again). */
  clear(): void;
  countKeys(type?: string): number;
}

/** Row access for tables `wa_creds` / `wa_keys` (migration 2). */
export function createAuthRowStore(db: SqliteDatabase): AuthRowStore {
  const selectCreds = db.prepare<[], { value: string }>('SELECT value FROM wa_creds WHERE id = 1');
  const upsertCreds = db.prepare<[string]>(
    'INSERT INTO wa_creds (id, value) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET value = excluded.value',
  );
  const selectKey = db.prepare<[string, string], { value: string }>(
    'SELECT value FROM wa_keys WHERE type = ? AND id = ?',
  );
  const upsertKey = db.prepare<[string, string, string]>(
    'INSERT INTO wa_keys (type, id, value) VALUES (?, ?, ?) ON CONFLICT(type, id) DO UPDATE SET value = excluded.value',
  );
  const deleteKey = db.prepare<[string, string]>('DELETE FROM wa_keys WHERE type = ? AND id = ?');
  const countAll = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM wa_keys');
  const countType = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM wa_keys WHERE type = ?');

  const readMany = db.transaction((type: string, ids: readonly string[]) => {
    const found = new Map<string, string>();
    for (const id of ids) {
      const row = selectKey.get(type, id);
      if (row) found.set(id, row.value);
    }
    return found;
  });
  const writeMany = db.transaction((changes: Iterable<AuthKeyChange>) => {
    for (const change of changes) {
      if (change.value === null) deleteKey.run(change.type, change.id);
      else upsertKey.run(change.type, change.id, change.value);
    }
  });
  const clearAll = db.transaction(() => {
    db.prepare('DELETE FROM wa_keys').run();
    db.prepare('DELETE FROM wa_creds').run();
  });

  return {
    readCreds: () => selectCreds.get()?.value,
    writeCreds: (value) => {
      upsertCreds.run(value);
    },
    readKeys: (type, ids) => readMany(type, ids),
    writeKeys: (changes) => {
      writeMany(changes);
    },
    clear: () => {
      clearAll();
    },
    countKeys: (type) => (type === undefined ? countAll.get()?.n : countType.get(type)?.n) ?? 0,
  };
}
