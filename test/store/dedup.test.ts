import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDedupStore } from '../../src/store/dedup.js';
import { migrations, type SqliteDatabase } from '../../src/app/database.js';
import { useTempDatabase } from '../helpers/temp-database.js';

let db: SqliteDatabase;
const temp = useTempDatabase('chasqui-dedup-', (opened) => (db = opened));

const GROUP = '120363000000000001@g.us';

describe('persisted message dedupe', () => {
  it('claims a message once and refuses every repeat', () => {
    const dedup = createDedupStore(db);
    expect(dedup.claim(GROUP, '123@lid', '3EB0AA')).toBe(true);
    expect(dedup.claim(GROUP, '123@lid', '3EB0AA')).toBe(false);
    expect(dedup.seen(GROUP, '123@lid', '3EB0AA')).toBe(true);
  });

  it('keys on chat + participant + id', () => {
    const dedup = createDedupStore(db);
    expect(dedup.claim(GROUP, '123@lid', '3EB0AA')).toBe(true);
    expect(dedup.claim(GROUP, '456@lid', '3EB0AA')).toBe(true);
    expect(dedup.claim('120363000000000002@g.us', '123@lid', '3EB0AA')).toBe(true);
  });

  it('remembers claims across a restart (reopened database)', () => {
    createDedupStore(db).claim(GROUP, '123@lid', '3EB0BB');
    temp.reopen();
    expect(createDedupStore(db).claim(GROUP, '123@lid', '3EB0BB')).toBe(false);
  });

  it('prunes claims older than the retention, keeping recent ones', () => {
    let now = 1_000_000;
    const dedup = createDedupStore(db, { now: () => now, retentionMs: 1000 });
    dedup.claim(GROUP, 'a@lid', 'old');
    now += 800;
    dedup.claim(GROUP, 'a@lid', 'recent');
    now += 500;
    expect(dedup.prune()).toBe(1);
    expect(dedup.seen(GROUP, 'a@lid', 'old')).toBe(false);
    expect(dedup.seen(GROUP, 'a@lid', 'recent')).toBe(true);
  });

  it('prunes by itself every N claims', () => {
    let now = 0;
    const dedup = createDedupStore(db, { now: () => now, retentionMs: 10, pruneEvery: 5 });
    for (let i = 0; i < 4; i++) dedup.claim(GROUP, 'a@lid', `m${i}`);
    now = 100;
    dedup.claim(GROUP, 'a@lid', 'm4');
    expect(dedup.count()).toBe(1);
  });

  it('keeps a claim pending with its raw message until done, then drops the raw message', () => {
    const dedup = createDedupStore(db, { now: () => 5000 });
    dedup.claim(GROUP, 'a@lid', 'm1', '{"key":{}}');
    // The sender is stored as a keyed pseudonym; the pending row's ids work with done/startReplay.
    const participant = expect.stringMatching(/^hmac:[0-9a-f]{16}$/) as unknown as string;
    expect(dedup.pending()).toEqual([
      { chatId: GROUP, participant, messageId: 'm1', raw: '{"key":{}}', at: 5000, replays: 0 },
    ]);
    expect(JSON.stringify(db.prepare('SELECT participant FROM processed_messages').all())).not.toContain(
      'a@lid',
    );
    expect(dedup.claim(GROUP, 'a@lid', 'm1', '{"key":{}}')).toBe(false); // still refused while pending
    dedup.done(GROUP, 'a@lid', 'm1');
    expect(dedup.pending()).toEqual([]);
    expect(db.prepare('SELECT status, raw FROM processed_messages').get()).toEqual({
      status: 'done',
      raw: null,
    });
    expect(dedup.claim(GROUP, 'a@lid', 'm1')).toBe(false);
  });

  it('lets a pending claim be re-handled only once, also across a restart', () => {
    createDedupStore(db).claim(GROUP, 'a@lid', 'm1', 'raw');
    temp.reopen();
    const dedup = createDedupStore(db);
    expect(dedup.pending().map((p) => p.messageId)).toEqual(['m1']);
    expect(dedup.startReplay(GROUP, 'a@lid', 'm1')).toBe(true);
    expect(dedup.startReplay(GROUP, 'a@lid', 'm1')).toBe(false);
    expect(dedup.pending()[0]?.replays).toBe(1);
    dedup.done(GROUP, 'a@lid', 'm1');
    expect(dedup.startReplay(GROUP, 'a@lid', 'm1')).toBe(false);
  });

  it('prunes old pending claims like done ones', () => {
    let now = 0;
    const dedup = createDedupStore(db, { now: () => now, retentionMs: 10 });
    dedup.claim(GROUP, 'a@lid', 'm1', 'raw');
    now = 100;
    expect(dedup.prune()).toBe(1);
    expect(dedup.pending()).toEqual([]);
  });

  it('treats claims made before the pending/done schema as done (nothing re-handled after the upgrade)', () => {
    db.close();
    rmSync(temp.dir, { recursive: true, force: true });
    temp.reopen(migrations.filter((m) => m.version <= 4));
    db.prepare(
      "INSERT INTO processed_messages (chat_id, participant, message_id, at) VALUES (?, 'a@lid', 'm0', 1)",
    ).run(GROUP);
    temp.reopen();
    const dedup = createDedupStore(db);
    expect(dedup.pending()).toEqual([]);
    expect(dedup.seen(GROUP, 'a@lid', 'm0')).toBe(true);
  });
});
