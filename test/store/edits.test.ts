import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEditStore } from '../../src/store/edits.js';
import type { SqliteDatabase } from '../../src/app/database.js';
import { useTempDatabase } from '../helpers/temp-database.js';

let db: SqliteDatabase;
const temp = useTempDatabase('chasqui-edits-', (opened) => (db = opened));

afterEach(() => {
  vi.useRealTimers();
});

const GROUP = '120363000000000001@g.us';
const rows = () => (db.prepare('SELECT COUNT(*) AS n FROM message_edits').get() as { n: number }).n;

describe('edit log', () => {
  it('compares an edit with the noted parse, even before the note is written', () => {
    const edits = createEditStore(db);
    edits.noteSignature(GROUP, 'm1', 'ruc\u000020123456786');
    expect(rows()).toBe(0);
    expect(edits.claimSignature(GROUP, 'm1', 'ruc\u000020123456786')).toBe(false);
    expect(edits.claimSignature(GROUP, 'm1', 'ruc\u000020601234565')).toBe(true);
    expect(edits.claimSignature(GROUP, 'm1', 'ruc\u000020601234565')).toBe(false);
  });

  it('writes the notes together a second later, and at once when 64 wait', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const edits = createEditStore(db);
    for (let i = 0; i < 10; i++) edits.noteSignature(GROUP, `a${i}`, 'tc\u0000');
    vi.advanceTimersByTime(999);
    expect(rows()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(rows()).toBe(10);
    for (let i = 0; i < 64; i++) edits.noteSignature(GROUP, `b${i}`, 'tc\u0000');
    expect(rows()).toBe(74);
  });

  it('keeps notes across a restart once flushed, and a flush after close is harmless', () => {
    const edits = createEditStore(db);
    edits.noteSignature(GROUP, 'm2', 'placa\u0000ABC123');
    edits.flush();
    db.close();
    edits.noteSignature(GROUP, 'm3', 'placa\u0000ABC123');
    expect(() => edits.flush()).not.toThrow();
    temp.reopen();
    expect(createEditStore(db).claimSignature(GROUP, 'm2', 'placa\u0000ABC123')).toBe(false);
  });

  it('reports a write that fails after the moment instead of throwing from a timer', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const errors: unknown[] = [];
    const edits = createEditStore(db, { onError: (error) => errors.push(error) });
    db.exec('DROP TABLE message_edits');
    edits.noteSignature(GROUP, 'm4', 'tc\u0000');
    vi.advanceTimersByTime(1_000);
    expect(errors).toHaveLength(1);
  });
});
