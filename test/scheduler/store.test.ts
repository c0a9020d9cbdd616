import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScheduleStore, type ScheduleStore } from '../../src/scheduler/store.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';

let db: SqliteDatabase;
let store: ScheduleStore;
const at = new Date('2026-11-20T13:30:00Z');

beforeEach(() => {
  db = openDatabase({ dir: ':memory:' });
  store = createScheduleStore(db);
});
afterEach(() => db.close());

describe('schedule store', () => {
  it('lets only the first final status through (the exactly-once gate)', () => {
    expect(store.finish('k', '2026-11-20', 'sent', 'first', at)).toBe(true);
    expect(store.finish('k', '2026-11-20', 'sent', 'second', at)).toBe(false);
    expect(store.finish('k', '2026-11-20', 'skipped', 'third', at)).toBe(false);
    expect(store.runs(['2026-11-20'], '2026-11-19')).toMatchObject([{ status: 'sent', note: 'first' }]);
  });

  it('turns a waiting run into a final one, keeping its attempts', () => {
    const next = new Date('2026-11-20T14:00:00Z');
    expect(store.markWaiting('k', '2026-11-20', 1, next, 'not published', at)).toBe(true);
    expect(store.runs([], '2026-11-19')).toMatchObject([{ status: 'waiting', attempts: 1, nextAt: next }]);
    expect(store.finish('k', '2026-11-20', 'sent', 'ok', at)).toBe(true);
    expect(store.markWaiting('k', '2026-11-20', 2, next, 'late retry', at)).toBe(false);
    expect(store.runs(['2026-11-20'], '2026-11-19')).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('syncs config rows: adds, keeps creation time, prunes only when told to', () => {
    const wanted = [{ chatId: 'g@g.us', job: 'tc' as const, specText: '08:30' }];
    expect(store.syncConfig(wanted, at, true)).toEqual({ added: 1, removed: 0 });
    store.insert({
      chatId: 'g@g.us',
      job: 'afp',
      specText: 'dia 1 09:00',
      source: 'chat',
      createdBy: 'x',
      createdAt: at,
    });
    expect(store.syncConfig(wanted, new Date(), true)).toEqual({ added: 0, removed: 0 });
    expect(store.all()[0]?.createdAt).toEqual(at);
    expect(store.syncConfig([], at, false)).toEqual({ added: 0, removed: 0 });
    expect(store.syncConfig([], at, true)).toEqual({ added: 0, removed: 1 });
    expect(store.all().map((e) => e.source)).toEqual(['chat']);
  });

  it('leaves out rows whose job or spec no longer parse', () => {
    db.prepare(
      `INSERT INTO schedules (chat_id, job, spec, source, created_by, created_at) VALUES ('g', 'tc', '99:99', 'chat', 'x', 0)`,
    ).run();
    db.prepare(
      `INSERT INTO schedules (chat_id, job, spec, source, created_by, created_at) VALUES ('g', 'zz', '08:00', 'chat', 'x', 0)`,
    ).run();
    expect(store.forChat('g')).toEqual([]);
  });
});
