import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import { createDbStats } from '../../src/ops/db-stats.js';
import { createCacheCrypto } from '../../src/store/keyed-crypto.js';
import { createNewChatsRepo } from '../../src/store/new-chats.js';
import {
  createOutbox,
  type Outbox,
  type OutboxItem,
  SendHeldError,
  SendRefusedError,
} from '../../src/store/outbox.js';
import { createSentCopiesRepo } from '../../src/store/sent-copies.js';
import { createAccountLimitsRepo } from '../../src/store/wa-account.js';

/**
 * The store side of WhatsApp's limits (migration 12): held and refused outbox rows, the held rows
 * told apart from a stuck outbox, sealed copies of sent messages bounded by age and size, new
 * chats kept by keyed hash only, and the restriction and hold notices kept across restarts.
 */
let dir: string;
let db: SqliteDatabase;
const open: Outbox[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-limits-'));
  db = openDatabase({ dir });
});

afterEach(() => {
  for (const box of open.splice(0)) box.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 2000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const DRIVER = '51911111111@s.whatsapp.net';
const text = (t: string) => ({ kind: 'text' as const, text: t });

describe('outbox rows held or refused by the sender', () => {
  it('a held row stays pending without an attempt, waits, is not a stuck outbox, and goes on release', async () => {
    const failed: OutboxItem[] = [];
    const box = createOutbox({
      db,
      minDelayMs: 0,
      maxDelayMs: 0,
      perChatGapMs: 0,
      onFailed: (item) => failed.push(item),
    });
    open.push(box);
    const holdUntil = Date.now() + 3600_000;
    let hold = true;
    const sent: string[] = [];
    box.resume(async (item) => {
      if (hold) throw new SendHeldError(holdUntil, 'restriction');
      sent.push(item.waId);
      return {};
    });
    const id = box.enqueue(DRIVER, text('guía'));
    await until(() => box.held(Date.now()).length === 1);
    expect(box.held(Date.now())[0]).toMatchObject({
      id,
      chatId: DRIVER,
      heldUntil: holdUntil,
      reason: 'restriction',
    });
    expect(db.prepare('SELECT attempts, failures, status FROM outbox WHERE id = ?').get(id)).toEqual({
      attempts: 0,
      failures: 0,
      status: 'pending',
    });
    // Created an hour ago: a stuck outbox if it were not held.
    db.prepare('UPDATE outbox SET created_at = ? WHERE id = ?').run(Date.now() - 3600_000, id);
    expect(createDbStats(db).outbox()).toMatchObject({ pending: 1, held: 1 });
    expect(createDbStats(db).outbox().oldestPendingAt).toBeUndefined();

    hold = false;
    expect(box.release()).toBe(1);
    await until(() => sent.length === 1);
    expect(createDbStats(db).outbox()).toMatchObject({ pending: 0, held: 0 });
    expect(failed).toEqual([]);
  });

  it('a released row that does not go counts as waiting from its release, not from its creation', () => {
    const box = createOutbox({ db, minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0 });
    open.push(box);
    const id = box.enqueue(DRIVER, text('guía'));
    db.prepare('UPDATE outbox SET created_at = ?, held_until = ? WHERE id = ?').run(
      Date.now() - 7200_000,
      Date.now() + 60_000,
      id,
    );
    const before = Date.now();
    box.release();
    const oldest = createDbStats(db).outbox().oldestPendingAt ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(before);
  });

  it('a refused row fails at once, without retries, and the failure callback hears why', async () => {
    const failed: { item: OutboxItem; error: unknown }[] = [];
    const box = createOutbox({
      db,
      minDelayMs: 0,
      maxDelayMs: 0,
      perChatGapMs: 0,
      onFailed: (item, error) => failed.push({ item, error }),
    });
    open.push(box);
    let calls = 0;
    box.resume(async () => {
      calls += 1;
      throw new SendRefusedError('no-whatsapp');
    });
    const id = box.enqueue(DRIVER, text('guía'));
    await until(() => failed.length === 1);
    expect(calls).toBe(1);
    expect((failed[0]?.error as SendRefusedError).code).toBe('no-whatsapp');
    expect(db.prepare('SELECT status, attempts, last_error FROM outbox WHERE id = ?').get(id)).toEqual({
      status: 'failed',
      attempts: 0,
      last_error: 'refused before sending: no-whatsapp',
    });
  });
});

describe('sealed copies of sent messages', () => {
  const repo = (options: { days?: number; maxBytes?: number } = {}, now = Date.now) =>
    createSentCopiesRepo(
      db,
      { crypto: createCacheCrypto(db), days: options.days ?? 14, maxBytes: options.maxBytes ?? 1e6 },
      now,
    );

  it('keeps them sealed, 14 days, and answers nothing for a missing, old or tampered copy', () => {
    const copies = repo();
    const now = Date.now();
    copies.put('3EB0A', JSON.stringify({ conversation: 'Guía para Huamán, DNI 41234567' }), now);
    expect(copies.get('3EB0A', now)).toContain('41234567');
    expect(copies.get('3EB0A', now + 13 * 86_400_000)).toBeDefined();
    expect(copies.get('3EB0A', now + 15 * 86_400_000)).toBeUndefined();
    expect(copies.get('3EB0NONE', now)).toBeUndefined();
    db.prepare(
      "UPDATE wa_sent_copies SET sealed = replace(sealed, substr(sealed, 10, 4), 'AAAA') WHERE wa_id = '3EB0A'",
    ).run();
    expect(copies.get('3EB0A', now)).toBeUndefined();
    expect(copies.size().copies).toBe(0); // the damaged copy is dropped
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(path.join(dir, 'chasqui.db')).includes(Buffer.from('41234567'))).toBe(false);
  });

  it('drops the oldest copies beyond the size cap, and the ones past their age', () => {
    const copies = repo({ maxBytes: 1000 });
    const now = Date.now();
    for (let i = 0; i < 10; i++)
      copies.put(`3EB0${i}`, JSON.stringify({ conversation: 'x'.repeat(100) }), now + i);
    expect(copies.size().bytes).toBeGreaterThan(1000);
    copies.prune(now + 10);
    const { bytes, copies: kept } = copies.size();
    expect(bytes).toBeLessThanOrEqual(1000);
    expect(kept).toBeGreaterThan(0);
    expect(copies.get('3EB09', now + 10)).toBeDefined(); // the newest stays
    expect(copies.get('3EB00', now + 10)).toBeUndefined();
    expect(copies.prune(now + 15 * 86_400_000)).toBe(kept);
  });
});

describe('new chats and the account, in the store', () => {
  it('keeps chats by keyed hash only, counts first messages once per person, and reads established on any form', () => {
    const chats = createNewChatsRepo(db);
    const now = Date.now();
    chats.recordFirstSend(DRIVER, now);
    chats.recordFirstSend('51911111111:3@s.whatsapp.net', now); // the same person: counted once
    chats.recordFirstSend('51922222222@s.whatsapp.net', now);
    expect(chats.firstSentSince(now - 1)).toBe(2);
    expect(chats.established([DRIVER])).toBe(false);
    chats.markReached(['211111111111111@lid'], now);
    expect(chats.established([DRIVER, '211111111111111@lid'])).toBe(true);
    chats.recordNumberCheck('51933333333@s.whatsapp.net', false, now);
    expect(chats.numberCheck('51933333333@s.whatsapp.net')).toEqual({ hasWhatsApp: false, checkedAt: now });
    const rows = JSON.stringify(db.prepare('SELECT * FROM wa_new_chats').all());
    expect(rows).not.toMatch(/5191111|5192222|5193333|2111111/u);
  });

  it('keeps the restriction and the groups told across a reopen', () => {
    const account = createAccountLimitsRepo(db);
    expect(account.restriction()).toBeUndefined();
    account.setRestriction({
      active: true,
      since: 1000,
      until: 5000,
      enforcement: 'DEFAULT',
      checkedAt: 1000,
    });
    account.setCap({ total: 30, used: 12, at: 1000 });
    expect(account.claimNotice('restriction:1000', '120363000000000001@g.us', 1000)).toBe(true);
    db.close();
    db = openDatabase({ dir });
    const again = createAccountLimitsRepo(db);
    expect(again.restriction()).toEqual({
      active: true,
      since: 1000,
      until: 5000,
      enforcement: 'DEFAULT',
      checkedAt: 1000,
    });
    expect(again.cap()).toEqual({ total: 30, used: 12, at: 1000 });
    expect(again.claimNotice('restriction:1000', '120363000000000001@g.us', 2000)).toBe(false);
    expect(again.claimNotice('restriction:9000', '120363000000000001@g.us', 9000)).toBe(true);
  });
});
