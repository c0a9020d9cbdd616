import type { SqliteDatabase } from '../../src/store/sqlite.js';

/**
 * Dispatches (tables `dispatches`, `dispatch_items`, migration 6): one `guia … enviar`, the
 * driver messages it sent, and whether its one follow-up was posted to the group. Durable, so a
 * restart still reports what was due while the process was down.
 */

export interface DispatchItem {
  waId: string;
  documentNumber: string;
  name?: string;
  phoneMasked: string;
}

export interface Dispatch {
  id: number;
  chatId: string;
  quotedId?: string;
  /** The guide's series-number, for the report. */
  guide: string;
  createdAt: number;
  dueAt: number;
  items: DispatchItem[];
}

export interface DispatchRepo {
  create(dispatch: Omit<Dispatch, 'id'>): number;
  get(id: number): Dispatch | undefined;
  /** Open (unreported) dispatches holding this message. */
  openWith(waId: string): number[];
  /** Open dispatches due at `now` (their wait is over). */
  due(now: number): number[];
  /** Every open dispatch (checked for completeness after a restart). */
  open(): number[];
  /** Claims the one report of a dispatch: true once, false for every later call. Atomic. */
  claimReport(id: number, at: number): boolean;
  /** The driver message `waId` of a dispatch, with its guide (a failure raises an alert). */
  itemFor(waId: string): (DispatchItem & { guide: string; chatId: string }) | undefined;
  /** Whether `waId` is a driver message of any dispatch (a guide, not a greeting or a reply). */
  isItem(waId: string): boolean;
  /** Every driver message of every dispatch (their delivery states are counted). */
  itemIds(): string[];
}

export function createDispatchRepo(db: SqliteDatabase): DispatchRepo {
  const insert = db.prepare<[string, string | null, string, number, number]>(
    'INSERT INTO dispatches (chat_id, quoted_id, guide, created_at, due_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertItem = db.prepare<[number, string, string, string | null, string]>(
    `INSERT INTO dispatch_items (dispatch_id, wa_id, document_number, name, phone_masked)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const selectOne = db.prepare<
    [number],
    {
      id: number;
      chat_id: string;
      quoted_id: string | null;
      guide: string;
      created_at: number;
      due_at: number;
    }
  >('SELECT id, chat_id, quoted_id, guide, created_at, due_at FROM dispatches WHERE id = ?');
  const selectItems = db.prepare<
    [number],
    { wa_id: string; document_number: string; name: string | null; phone_masked: string }
  >(
    'SELECT wa_id, document_number, name, phone_masked FROM dispatch_items WHERE dispatch_id = ? ORDER BY rowid',
  );
  const openWith = db.prepare<[string], { id: number }>(
    `SELECT d.id FROM dispatches d JOIN dispatch_items i ON i.dispatch_id = d.id
     WHERE i.wa_id = ? AND d.reported_at IS NULL`,
  );
  const byWaId = db.prepare<
    [string],
    { guide: string; chat_id: string; document_number: string; name: string | null; phone_masked: string }
  >(
    `SELECT d.guide, d.chat_id, i.document_number, i.name, i.phone_masked
     FROM dispatch_items i JOIN dispatches d ON d.id = i.dispatch_id WHERE i.wa_id = ? LIMIT 1`,
  );
  const due = db.prepare<[number], { id: number }>(
    'SELECT id FROM dispatches WHERE reported_at IS NULL AND due_at <= ? ORDER BY id',
  );
  const open = db.prepare<[], { id: number }>(
    'SELECT id FROM dispatches WHERE reported_at IS NULL ORDER BY id',
  );
  const isItem = db.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM dispatch_items WHERE wa_id = ? LIMIT 1',
  );
  const itemIds = db.prepare<[], { wa_id: string }>('SELECT DISTINCT wa_id FROM dispatch_items');
  const claim = db.prepare<[number, number]>(
    'UPDATE dispatches SET reported_at = ? WHERE id = ? AND reported_at IS NULL',
  );
  const create = db.transaction((d: Omit<Dispatch, 'id'>): number => {
    const id = Number(
      insert.run(d.chatId, d.quotedId ?? null, d.guide, d.createdAt, d.dueAt).lastInsertRowid,
    );
    for (const item of d.items)
      insertItem.run(id, item.waId, item.documentNumber, item.name ?? null, item.phoneMasked);
    return id;
  });
  return {
    create: (d) => create(d),
    get(id) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      const dispatch: Dispatch = {
        id: row.id,
        chatId: row.chat_id,
        guide: row.guide,
        createdAt: row.created_at,
        dueAt: row.due_at,
        items: selectItems.all(id).map((item) => {
          const out: DispatchItem = {
            waId: item.wa_id,
            documentNumber: item.document_number,
            phoneMasked: item.phone_masked,
          };
          if (item.name !== null) out.name = item.name;
          return out;
        }),
      };
      if (row.quoted_id !== null) dispatch.quotedId = row.quoted_id;
      return dispatch;
    },
    openWith: (waId) => openWith.all(waId).map((r) => r.id),
    due: (now) => due.all(now).map((r) => r.id),
    open: () => open.all().map((r) => r.id),
    claimReport: (id, at) => claim.run(at, id).changes === 1,
    itemFor(waId) {
      const row = byWaId.get(waId);
      if (!row) return undefined;
      return {
        waId,
        guide: row.guide,
        chatId: row.chat_id,
        documentNumber: row.document_number,
        phoneMasked: row.phone_masked,
        ...(row.name === null ? {} : { name: row.name }),
      };
    },
    isItem: (waId) => isItem.get(waId) !== undefined,
    itemIds: () => itemIds.all().map((r) => r.wa_id),
  };
}
