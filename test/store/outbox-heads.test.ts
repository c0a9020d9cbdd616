import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/app/database.js';
import { createOutbox, type OutboxItem } from '../../src/store/outbox.js';
import { prepareOutboxStatements } from '../../src/store/outbox-rows.js';
import type { SqliteDatabase } from '../../src/app/database.js';
import { useTempDatabase } from '../helpers/temp-database.js';

/**
 * Picking the next outbox message must not read the backlog: the heads query seeks the oldest
 * pending row of each chat through the partial index (migration 11) and never scans the table.
 */

let db: SqliteDatabase;
const temp = useTempDatabase('chasqui-outbox-heads-', (opened) => (db = opened));

const insert = (chat: string, status: 'pending' | 'sent' | 'failed') =>
  db
    .prepare(
      "INSERT INTO outbox (chat_id, kind, payload, status, created_at, wa_id) VALUES (?, 'text', '{}', ?, 0, 'W')",
    )
    .run(chat, status).lastInsertRowid;

/** The old query, kept here as the reference the new one must agree with. */
const reference = () =>
  db
    .prepare(
      "SELECT chat_id, MIN(id) AS id FROM outbox WHERE status = 'pending' GROUP BY chat_id ORDER BY id",
    )
    .all();

describe('outbox heads (the next message of each chat)', () => {
  it('are the oldest pending row of each chat, oldest first, past sent, failed and deleted rows', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const statuses = ['pending', 'pending', 'sent', 'failed'] as const;
    for (let i = 0; i < 3000; i++) {
      insert(`chat${Math.floor(random() * 40)}@g.us`, statuses[Math.floor(random() * 4)] ?? 'pending');
    }
    // Rows cancelled from the console are deleted behind the worker's back.
    db.prepare('DELETE FROM outbox WHERE id % 13 = 0').run();
    const heads = prepareOutboxStatements(db).heads;
    expect(heads.all()).toEqual(reference());
    expect(heads.all().length).toBeGreaterThan(30);
    db.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'").run();
    expect(heads.all()).toEqual([]);
  });

  it('seek through the per-chat index and never scan the outbox (cost independent of the backlog)', () => {
    for (let i = 0; i < 500; i++) insert(`chat${i % 5}@g.us`, 'pending');
    const sql = prepareOutboxStatements(db).heads.source;
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all()
      .map((row) => (row as { detail: string }).detail);
    const outboxSteps = plan.filter((step) => /\b(outbox|o)\b/.test(step) && !/^SCAN chats/.test(step));
    expect(outboxSteps).toHaveLength(3);
    for (const step of outboxSteps)
      expect(step).toMatch(/^SEARCH .*USING COVERING INDEX outbox_pending_chat/);
    expect(plan.some((step) => /^SCAN (outbox|o)\b/.test(step))).toBe(false);
  });

  it('a database migrated before the index gets it (a parallel branch numbered 11 cannot hide it)', () => {
    db.close();
    rmSync(temp.dir, { recursive: true, force: true });
    const early = temp.reopen(migrations.filter((m) => m.version <= 10));
    early.pragma('user_version = 11'); // as if another branch's migration 11 had run
    temp.reopen();
    const index = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'outbox_pending_chat'").get() as
      { sql: string } | undefined;
    expect(index?.sql).toContain("WHERE status = 'pending'");
  });

  it('keep per-chat order and let other chats go while a deep one waits its gap', async () => {
    const box = createOutbox({ db, minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 20 });
    const chats = ['a@g.us', 'b@g.us', 'c@g.us'];
    // A backlog in one chat queued first must not hold the others for its whole length.
    for (let i = 0; i < 30; i++) box.enqueue('a@g.us', { kind: 'text', text: `a${i}` });
    for (let i = 0; i < 5; i++)
      for (const chat of chats.slice(1)) box.enqueue(chat, { kind: 'text', text: `x${i}` });
    const sends: OutboxItem[] = [];
    box.resume(async (item) => void sends.push(item));
    expect(await box.flush(20_000)).toBe(true);
    box.close();
    expect(sends).toHaveLength(40);
    for (const chat of chats) {
      const ids = sends.filter((s) => s.chatId === chat).map((s) => s.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
    // Turn by turn (a, b, c, a, b, c…): b's and c's five each are out within the first 15 sends.
    const lastOther = Math.max(...sends.flatMap((s, i) => (s.chatId === 'a@g.us' ? [] : [i])));
    expect(lastOther).toBeLessThan(16);
  });
});
