import type { WatchConfig } from '../../src/config/types.js';
import { createCacheCrypto, createPseudonymizer } from '../../src/store/keyed-crypto.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import type { WatchedItem, WatchHistoryEntry, WatchPort } from './port.js';
import { diffStates, type WatchChange, type WatchState } from './state.js';

/** One group's watched RUC as the daily check needs it: what the group was last told. */
interface GroupWatch {
  ruc: string;
  rucKey: string;
  note?: string;
  seen: WatchState;
}

/** The watch list in SQLite (tables of migration 9) plus what the daily check needs. */
export interface WatchStore extends WatchPort {
  /** Groups that watch at least one RUC. */
  chats(): string[];
  items(chatId: string): GroupWatch[];
  /** The group has now been told about `state` of this RUC. */
  markSeen(chatId: string, rucKey: string, state: WatchState): void;
  keyOf(ruc: string): string;
}

interface ListRow {
  ruc_key: string;
  ruc_sealed: string;
  note_sealed: string | null;
  seen_state: string;
  added_at: number;
}

interface SnapshotRow {
  state: string;
  checked_date: string;
  debt_checked_date: string | null;
}

/**
 * RUCs, notes and states are sealed with the database key (like the lookup cache) and rows are
 * keyed by a keyed hash of the RUC, so the file shows no identifier in clear. `settings` is read
 * live (the config object may change in tests and on reload).
 */
export function createWatchStore(db: SqliteDatabase, settings: () => WatchConfig): WatchStore {
  const crypto = createCacheCrypto(db);
  const pseudonym = createPseudonymizer(db);
  const keyOf = (ruc: string) => crypto.hash(`watch:${ruc}`);
  const seal = (value: unknown, context: string) => crypto.seal(JSON.stringify(value), context);
  const open = <T>(sealed: string, context: string): T => JSON.parse(crypto.open(sealed, context)) as T;

  const q = {
    list: db.prepare<[string], ListRow>(
      'SELECT * FROM watch_list WHERE chat_id = ? ORDER BY added_at, ruc_key',
    ),
    one: db.prepare<[string, string], ListRow>('SELECT * FROM watch_list WHERE chat_id = ? AND ruc_key = ?'),
    insert: db.prepare(
      `INSERT OR IGNORE INTO watch_list (chat_id, ruc_key, ruc_sealed, note_sealed, seen_state, added_by, added_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    remove: db.prepare('DELETE FROM watch_list WHERE chat_id = ? AND ruc_key = ?'),
    seen: db.prepare('UPDATE watch_list SET seen_state = ? WHERE chat_id = ? AND ruc_key = ?'),
    distinct: db.prepare<[], { ruc_key: string; ruc_sealed: string }>(
      'SELECT ruc_key, MIN(ruc_sealed) AS ruc_sealed FROM watch_list GROUP BY ruc_key ORDER BY ruc_key',
    ),
    chats: db.prepare<[], { chat_id: string }>('SELECT DISTINCT chat_id FROM watch_list ORDER BY chat_id'),
    snapshot: db.prepare<[string], SnapshotRow>('SELECT * FROM watch_snapshots WHERE ruc_key = ?'),
    upsertSnapshot: db.prepare(
      `INSERT INTO watch_snapshots (ruc_key, state, checked_date, debt_checked_date, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (ruc_key) DO UPDATE SET state = excluded.state, checked_date = excluded.checked_date,
         debt_checked_date = COALESCE(excluded.debt_checked_date, watch_snapshots.debt_checked_date),
         updated_at = excluded.updated_at`,
    ),
    history: db.prepare<[string], { date: string; changes: string; id: number }>(
      'SELECT id, date, changes FROM watch_history WHERE ruc_key = ? ORDER BY id',
    ),
    addHistory: db.prepare('INSERT INTO watch_history (ruc_key, date, changes, at) VALUES (?, ?, ?, ?)'),
  };

  const snapshotOf = (rucKey: string) => {
    const row = q.snapshot.get(rucKey);
    if (!row) return undefined;
    const snap: { state: WatchState; checkedDate: string; debtCheckedDate?: string } = {
      state: open<WatchState>(row.state, `watch-state:${rucKey}`),
      checkedDate: row.checked_date,
    };
    if (row.debt_checked_date) snap.debtCheckedDate = row.debt_checked_date;
    return snap;
  };

  const toItem = (row: ListRow): WatchedItem => {
    const item: WatchedItem = {
      ruc: open<string>(row.ruc_sealed, `watch-ruc:${row.ruc_key}`),
      addedAt: new Date(row.added_at),
    };
    if (row.note_sealed) item.note = open<string>(row.note_sealed, `watch-note:${row.ruc_key}`);
    const snap = snapshotOf(row.ruc_key);
    if (snap) {
      item.state = snap.state;
      item.checkedDate = snap.checkedDate;
    }
    return item;
  };

  return {
    get settings() {
      return settings();
    },
    keyOf,
    list: (chatId) => q.list.all(chatId).map(toItem),
    get(chatId, ruc) {
      const row = q.one.get(chatId, keyOf(ruc));
      return row ? toItem(row) : undefined;
    },
    distinctCount: () => q.distinct.all().length,
    snapshot: (ruc) => snapshotOf(keyOf(ruc)),
    observe(ruc, state, date, debtChecked, now) {
      const rucKey = keyOf(ruc);
      const previous = snapshotOf(rucKey);
      const changes: WatchChange[] = previous ? diffStates(previous.state, state) : [];
      db.transaction(() => {
        q.upsertSnapshot.run(
          rucKey,
          seal(state, `watch-state:${rucKey}`),
          date,
          debtChecked ? date : null,
          now.getTime(),
        );
        if (changes.length > 0)
          q.addHistory.run(rucKey, date, seal(changes, `watch-history:${rucKey}`), now.getTime());
      })();
      return changes;
    },
    add({ chatId, ruc, note, by, now }) {
      const rucKey = keyOf(ruc);
      const snap = snapshotOf(rucKey);
      if (!snap) throw new Error('a watched RUC needs its first snapshot before it is added');
      q.insert.run(
        chatId,
        rucKey,
        seal(ruc, `watch-ruc:${rucKey}`),
        note ? seal(note, `watch-note:${rucKey}`) : null,
        seal(snap.state, `watch-seen:${chatId}:${rucKey}`),
        pseudonym(by),
        now.getTime(),
      );
    },
    remove: (chatId, ruc) => q.remove.run(chatId, keyOf(ruc)).changes > 0,
    history(ruc): WatchHistoryEntry[] {
      const rucKey = keyOf(ruc);
      return q.history.all(rucKey).map((row) => ({
        date: row.date,
        changes: open<WatchChange[]>(row.changes, `watch-history:${rucKey}`),
      }));
    },
    rucs: () =>
      q.distinct.all().map((row) => ({
        rucKey: row.ruc_key,
        ruc: open<string>(row.ruc_sealed, `watch-ruc:${row.ruc_key}`),
      })),
    chats: () => q.chats.all().map((row) => row.chat_id),
    items: (chatId) =>
      q.list.all(chatId).map((row) => {
        const item: GroupWatch = {
          ruc: open<string>(row.ruc_sealed, `watch-ruc:${row.ruc_key}`),
          rucKey: row.ruc_key,
          seen: open<WatchState>(row.seen_state, `watch-seen:${chatId}:${row.ruc_key}`),
        };
        if (row.note_sealed) item.note = open<string>(row.note_sealed, `watch-note:${row.ruc_key}`);
        return item;
      }),
    markSeen(chatId, rucKey, state) {
      q.seen.run(seal(state, `watch-seen:${chatId}:${rucKey}`), chatId, rucKey);
    },
  };
}
