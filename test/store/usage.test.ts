import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { UsageEvent } from '../../src/bot/ports.js';
import { openDatabase } from '../../src/app/database.js';
import { createPseudonymizer } from '../../src/store/keyed-crypto.js';
import { createUsageRepo, creditsSpent, usageChatKey } from '../../src/store/usage.js';
import { limaMonthRange } from '../../src/time/lima.js';

const dir = mkdtempSync(path.join(tmpdir(), 'chasqui-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GROUP_A = '120363000000000001@g.us';
const GROUP_B = '120363000000000002@g.us';

function event(
  at: string,
  chatId: string,
  operation: string,
  saved = false,
  outcome: UsageEvent['outcome'] = 'ok',
): UsageEvent {
  return { at: new Date(at), chatId, operation, saved, outcome };
}

const PHONE = '51987654321';
const DIRECT = `${PHONE}@s.whatsapp.net`;

describe('limaMonthRange', () => {
  it('starts a Lima month at 05:00 UTC on the 1st and rolls over the year', () => {
    const december = limaMonthRange(new Date('2026-12-15T12:00:00Z'));
    expect(new Date(december.start).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(new Date(december.end).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(december.period).toBe('2026-12');
  });

  it('puts 04:59 UTC on the 1st in the previous Lima month', () => {
    expect(limaMonthRange(new Date('2026-12-01T04:59:59Z')).period).toBe('2026-11');
    expect(limaMonthRange(new Date('2026-12-01T05:00:00Z')).period).toBe('2026-12');
  });
});

describe('usage repo', () => {
  it('groups a month per operation and chat using the Lima calendar, not UTC', () => {
    const db = openDatabase({ dir: ':memory:' });
    const usage = createUsageRepo(db);
    // 2026-12-01T04:59:59Z is still 30 November in Lima; 05:00:00Z is 1 December there.
    usage.record(event('2026-11-10T15:00:00Z', GROUP_A, 'ruc'));
    usage.record(event('2026-12-01T04:59:59Z', GROUP_A, 'ruc', true));
    usage.record(event('2026-12-01T04:59:59Z', GROUP_B, 'dni'));
    usage.record(event('2026-12-01T05:00:00Z', GROUP_A, 'ruc'));
    usage.record(event('2026-12-31T23:00:00Z', GROUP_A, 'vehicle', true)); // Lima 31 Dec 18:00
    usage.record(event('2027-01-01T05:00:00Z', GROUP_A, 'ruc')); // Lima 1 Jan

    expect(usage.month(new Date('2026-12-01T03:00:00Z'))).toEqual([
      { operation: 'dni', chatId: GROUP_B, calls: 1, saved: 0 },
      { operation: 'ruc', chatId: GROUP_A, calls: 2, saved: 1 },
    ]);
    expect(usage.month(new Date('2026-12-20T12:00:00Z'))).toEqual([
      { operation: 'ruc', chatId: GROUP_A, calls: 1, saved: 0 },
      { operation: 'vehicle', chatId: GROUP_A, calls: 1, saved: 1 },
    ]);
    expect(usage.month(new Date('2025-01-01T12:00:00Z'))).toEqual([]);
    db.close();
  });

  it("groups a month by operation and chat (the totals are the uso command test's)", () => {
    const db = openDatabase({ dir: ':memory:' });
    const usage = createUsageRepo(db);
    for (let i = 0; i < 3; i++) usage.record(event('2026-11-05T12:00:00Z', GROUP_A, 'ruc', i > 0));
    usage.record(event('2026-11-06T12:00:00Z', GROUP_B, 'ruc'));
    usage.record(event('2026-11-06T12:00:00Z', GROUP_B, 'exchangeRate', true));
    expect(usage.month(new Date('2026-11-20T12:00:00Z'))).toEqual([
      { operation: 'exchangeRate', chatId: GROUP_B, calls: 1, saved: 1 },
      { operation: 'ruc', chatId: GROUP_A, calls: 3, saved: 2 },
      { operation: 'ruc', chatId: GROUP_B, calls: 1, saved: 0 },
    ]);
    db.close();
  });

  it('counts answers of a free official source apart: neither the cache nor a credit', () => {
    const db = openDatabase({ dir: ':memory:' });
    const usage = createUsageRepo(db);
    const at = new Date('2026-11-05T12:00:00Z');
    usage.record(event('2026-11-05T12:00:00Z', GROUP_A, 'ruc'));
    usage.record(event('2026-11-05T12:00:00Z', GROUP_A, 'ruc', true));
    for (let i = 0; i < 2; i++) {
      usage.record({ at, chatId: GROUP_A, operation: 'ruc', saved: true, free: true, outcome: 'ok' });
    }
    expect(usage.month(at)).toEqual([{ operation: 'ruc', chatId: GROUP_A, calls: 4, saved: 1, free: 2 }]);
    expect(creditsSpent(db)(0, Date.parse('2027-01-01'))).toBe(1);
    db.close();
  });

  it('keeps the log across a reopen of the data directory', () => {
    const dataDir = path.join(dir, 'reopen');
    const first = openDatabase({ dir: dataDir });
    createUsageRepo(first).record(event('2026-11-05T12:00:00Z', GROUP_A, 'guide'));
    first.close();
    const second = openDatabase({ dir: dataDir });
    expect(createUsageRepo(second).month(new Date('2026-11-30T12:00:00Z'))).toEqual([
      { operation: 'guide', chatId: GROUP_A, calls: 1, saved: 0 },
    ]);
    second.close();
  });

  it('counts only answered lookups (ok, not found) as calls; failures apart, even shared ones', () => {
    const db = openDatabase({ dir: ':memory:' });
    const usage = createUsageRepo(db);
    const at = '2026-11-05T12:00:00Z';
    usage.record(event(at, GROUP_A, 'ruc'));
    usage.record(event(at, GROUP_A, 'ruc', true));
    usage.record(event(at, GROUP_A, 'ruc', false, 'not_found'));
    usage.record(event(at, GROUP_A, 'ruc', false, 'failed'));
    usage.record(event(at, GROUP_A, 'ruc', true, 'failed')); // a shared in-flight call that failed
    usage.record(event(at, GROUP_B, 'dni', false, 'failed'));
    expect(usage.month(new Date(at))).toEqual([
      { operation: 'dni', chatId: GROUP_B, calls: 0, saved: 0, failed: 1 },
      { operation: 'ruc', chatId: GROUP_A, calls: 3, saved: 1, failed: 2 },
    ]);
    db.close();
  });

  it('stores a direct chat as a keyed pseudonym, never the phone number', () => {
    const dataDir = path.join(dir, 'direct');
    const db = openDatabase({ dir: dataDir });
    const usage = createUsageRepo(db);
    usage.record(event('2026-11-05T12:00:00Z', DIRECT, 'ruc'));
    usage.record(event('2026-11-05T12:00:00Z', DIRECT, 'ruc', true));
    usage.record(event('2026-11-05T12:00:00Z', GROUP_A, 'ruc'));
    const rows = usage.month(new Date('2026-11-20T12:00:00Z'));
    const key = usageChatKey(DIRECT, createPseudonymizer(db));
    expect(key).toMatch(/^direct:[0-9a-f]{16}$/);
    expect(rows).toEqual(
      [
        { operation: 'ruc', chatId: GROUP_A, calls: 1, saved: 0 },
        { operation: 'ruc', chatId: key, calls: 2, saved: 1 },
      ].sort((a, b) => a.chatId.localeCompare(b.chatId)),
    );
    db.close();
    for (const file of ['chasqui.db', 'chasqui.db-wal']) {
      const bytes = readRaw(path.join(dataDir, file));
      expect(bytes.includes(PHONE)).toBe(false);
    }
  });

  it('rewrites direct chats logged in clear by an older version when opened', () => {
    const db = openDatabase({ dir: ':memory:' });
    db.prepare('INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, ?, ?, ?, ?)').run(
      Date.parse('2026-11-05T12:00:00Z'),
      DIRECT,
      'ruc',
      0,
      'ok',
    );
    const usage = createUsageRepo(db);
    const [row] = usage.month(new Date('2026-11-20T12:00:00Z'));
    expect(row?.chatId).toBe(usageChatKey(DIRECT, createPseudonymizer(db)));
    const stored = db.prepare('SELECT chat_id FROM usage_log').all() as { chat_id: string }[];
    expect(stored.some((r) => r.chat_id.includes(PHONE))).toBe(false);
    db.close();
  });
});

function readRaw(file: string): string {
  try {
    return readFileSync(file).toString('latin1');
  } catch {
    return '';
  }
}

describe('usage repo writes', () => {
  it('writes rows behind, in one batch; the budget counts the pending credits exactly', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = openDatabase({ dir: mkdtempSync(path.join(dir, 'batch-')) });
    const usage = createUsageRepo(db);
    const count = (saved: number) =>
      (db.prepare('SELECT COUNT(*) AS n FROM usage_log WHERE saved = ?').get(saved) as { n: number }).n;
    usage.record(event('2026-11-05T12:00:00Z', GROUP_A, 'ruc'));
    for (let i = 0; i < 3; i++) usage.record(event('2026-11-05T12:00:01Z', GROUP_A, 'ruc', true));
    expect([count(0), count(1)]).toEqual([0, 0]);
    vi.advanceTimersByTime(250);
    expect([count(0), count(1)]).toEqual([1, 3]);
    // A credit not yet written is counted by the budget's measure all the same.
    usage.record(event('2026-11-05T12:00:02Z', GROUP_B, 'ruc'));
    expect(count(0)).toBe(1);
    const key = usageChatKey(GROUP_B, createPseudonymizer(db));
    expect(creditsSpent(db)(0, Date.parse('2027-01-01'), key)).toBe(1);
    usage.record(event('2026-11-05T12:00:02Z', GROUP_B, 'ruc', true));
    expect(usage.month(new Date('2026-11-30T12:00:00Z'))).toEqual([
      { operation: 'ruc', chatId: GROUP_A, calls: 4, saved: 3 },
      { operation: 'ruc', chatId: GROUP_B, calls: 2, saved: 1 },
    ]);
    db.close();
    vi.useRealTimers();
  });

  it('loses nothing pending when the database is closed', () => {
    const dataDir = mkdtempSync(path.join(dir, 'close-'));
    const first = openDatabase({ dir: dataDir });
    const usage = createUsageRepo(first);
    usage.record(event('2026-11-05T12:00:00Z', GROUP_A, 'ruc'));
    usage.record(event('2026-11-05T12:00:00Z', GROUP_A, 'ruc', true));
    first.close();
    const second = openDatabase({ dir: dataDir });
    expect(creditsSpent(second)(0, Date.parse('2027-01-01'))).toBe(1);
    expect(createUsageRepo(second).month(new Date('2026-11-30T12:00:00Z'))).toEqual([
      { operation: 'ruc', chatId: GROUP_A, calls: 2, saved: 1 },
    ]);
    second.close();
  });
});
