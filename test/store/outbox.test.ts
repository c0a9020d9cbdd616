import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createOutbox,
  type Outbox,
  type OutboxItem,
  type OutboxOptions,
  SendDeferredError,
} from '../../src/store/outbox.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';

let dir: string;
let db: SqliteDatabase;
const open: Outbox[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-outbox-'));
  db = openDatabase({ dir });
});

afterEach(() => {
  for (const outbox of open.splice(0)) outbox.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function outbox(options: Partial<OutboxOptions> = {}): Outbox {
  const box = createOutbox({ db, minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0, ...options });
  open.push(box);
  return box;
}

/** A fake recipient side: records every send; recipients treat one message id as one message. */
function recorder() {
  const sends: { item: OutboxItem; at: number }[] = [];
  return {
    sends,
    sender: async (item: OutboxItem) => {
      sends.push({ item, at: performance.now() });
      return {
        stored: JSON.stringify({ conversation: item.message.kind === 'text' ? item.message.text : '' }),
      };
    },
  };
}

const text = (t: string) => ({ kind: 'text' as const, text: t });

async function waitUntil(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function status(): Record<string, number> {
  const rows = db.prepare('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status').all() as {
    status: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe('durable paced outbox', () => {
  it('writes the row before anything is sent and sends nothing while no connection is open', async () => {
    const box = outbox();
    const id = box.enqueue('a@g.us', { kind: 'text', text: 'hola', mentions: ['1@lid'], quotedId: 'Q1' });
    const row = db.prepare('SELECT status, wa_id, attempts FROM outbox WHERE id = ?').get(id) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row.wa_id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(await box.flush(50)).toBe(false);
    expect(box.pendingCount()).toBe(1);
  });

  it('sends 200 messages queued while closed exactly once after open, with the per-chat gap', async () => {
    // The outbox paces by its own clock: the recorder reads the same one, so the gap measured is the
    // gap it kept (Date.now's whole milliseconds against performance.now read 2-3 ms short under load).
    const box = outbox({ perChatGapMs: 15, minDelayMs: 0, maxDelayMs: 1, now: () => performance.now() });
    const chats = ['a@g.us', 'b@g.us', 'c@g.us', 'd@g.us', 'e@g.us'];
    for (let i = 0; i < 200; i++) box.enqueue(chats[i % chats.length] ?? 'a@g.us', text(`m${i}`));
    const { sends, sender } = recorder();
    box.resume(sender);
    expect(await box.flush(20_000)).toBe(true);

    expect(sends).toHaveLength(200);
    expect(new Set(sends.map((s) => (s.item.message as { text: string }).text)).size).toBe(200);
    expect(new Set(sends.map((s) => s.item.waId)).size).toBe(200);
    expect(status()).toEqual({ sent: 200 });
    for (const chat of chats) {
      const inChat = sends.filter((s) => s.item.chatId === chat);
      const order = inChat.map((s) => Number((s.item.message as { text: string }).text.slice(1)));
      expect(order).toEqual([...order].sort((x, y) => x - y));
      for (let i = 1; i < inChat.length; i++) {
        expect((inChat[i]?.at ?? 0) - (inChat[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(14);
      }
    }
  });

  it('loses and duplicates nothing when the process dies in the middle of sending', async () => {
    const first = outbox();
    for (let i = 0; i < 200; i++) first.enqueue(`chat${i % 7}@g.us`, text(`m${i}`));
    const delivered: OutboxItem[] = [];
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => {
      crashed = resolve;
    });
    first.resume(async (item) => {
      delivered.push(item); // it reached WhatsApp...
      if (delivered.length === 80) {
        crashed();
        await new Promise(() => {}); // ...but the process dies before the row is marked sent
      }
      return undefined;
    });
    await crash;
    first.close();
    db.close();

    db = openDatabase({ dir });
    const second = outbox();
    expect(second.pendingCount()).toBe(121);
    second.resume(async (item) => {
      delivered.push(item);
      return undefined;
    });
    expect(await second.flush(10_000)).toBe(true);

    // Recipients see one message per id: every text arrived, none under two different ids.
    const idsByText = new Map<string, Set<string>>();
    for (const item of delivered) {
      const key = (item.message as { text: string }).text;
      idsByText.set(key, (idsByText.get(key) ?? new Set()).add(item.waId));
    }
    expect(idsByText.size).toBe(200);
    expect([...idsByText.values()].every((ids) => ids.size === 1)).toBe(true);
    const resent = delivered.filter((item) => item.attempts > 0);
    expect(resent).toHaveLength(1);
    expect(delivered).toHaveLength(201);
    expect(status()).toEqual({ sent: 200 });
  });

  it('keeps a deferred row pending and pauses until the next open', async () => {
    const box = outbox();
    box.enqueue('a@g.us', text('uno'));
    box.enqueue('a@g.us', text('dos'));
    let calls = 0;
    box.resume(async () => {
      calls += 1;
      throw new SendDeferredError();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
    expect(box.pendingCount()).toBe(2);
    const { sends, sender } = recorder();
    box.resume(sender);
    expect(await box.flush(2000)).toBe(true);
    expect(sends.map((s) => (s.item.message as { text: string }).text)).toEqual(['uno', 'dos']);
    expect(sends[0]?.item.attempts).toBe(1);
  });

  it('retries a failing send with backoff and marks it failed after maxFailures, moving on', async () => {
    const box = outbox({ maxFailures: 3, retryDelayMs: 5 });
    box.enqueue('a@g.us', text('malo'));
    box.enqueue('b@g.us', text('bueno'));
    const seen: string[] = [];
    box.resume(async (item) => {
      const t = (item.message as { text: string }).text;
      seen.push(t);
      if (t === 'malo') throw new Error('bad-request');
      return undefined;
    });
    expect(await box.flush(2000)).toBe(true);
    expect(seen.filter((t) => t === 'malo')).toHaveLength(3);
    expect(status()).toEqual({ sent: 1, failed: 1 });
    const failed = db.prepare("SELECT last_error FROM outbox WHERE status = 'failed'").get() as {
      last_error: string;
    };
    expect(failed.last_error).toBe('bad-request');
  });

  it('never counts deferrals (connection closed) as failures: many disconnects, then one real error, then sent', async () => {
    const box = outbox({ maxFailures: 3, retryDelayMs: 1 });
    box.enqueue('a@g.us', text('uno'));
    let calls = 0;
    const sender = async () => {
      calls += 1;
      if (calls <= 5) throw new SendDeferredError(); // five reconnects in a row
      if (calls === 6) throw new Error('bad-request'); // the first real error
      return undefined;
    };
    for (let i = 1; i <= 5; i++) {
      box.resume(sender);
      await waitUntil(() => calls === i);
    }
    box.resume(sender);
    expect(await box.flush(2000)).toBe(true);
    expect(calls).toBe(7);
    expect(status()).toEqual({ sent: 1 });
    expect(db.prepare('SELECT attempts, failures FROM outbox').get()).toEqual({ attempts: 7, failures: 1 });
  });

  it('retries a chat deferred on a still-open connection after a growing delay, without pausing other chats', async () => {
    const box = outbox({ maxFailures: 1, deferredRetryMs: 5 });
    box.enqueue('a@g.us', text('lento'));
    box.enqueue('b@g.us', text('rapido'));
    const tries: { text: string; at: number }[] = [];
    box.resume(async (item) => {
      const t = (item.message as { text: string }).text;
      tries.push({ text: t, at: performance.now() });
      if (t === 'lento' && tries.filter((x) => x.text === 'lento').length <= 3) {
        throw new SendDeferredError('Timed Out', { connectionOpen: true });
      }
      return undefined;
    });
    expect(await box.flush(2000)).toBe(true);
    expect(status()).toEqual({ sent: 2 });
    expect(tries.map((x) => x.text)).toEqual(['lento', 'rapido', 'lento', 'lento', 'lento']);
    const slow = tries.filter((x) => x.text === 'lento').map((x) => x.at);
    expect((slow[3] ?? 0) - (slow[2] ?? 0)).toBeGreaterThanOrEqual(19); // 5, 10, then 20 ms
    expect(db.prepare("SELECT failures FROM outbox WHERE chat_id = 'a@g.us'").get()).toEqual({ failures: 0 });
  });

  it('logs a row that failed for good at error level and calls onFailed with it', async () => {
    const lines: { level: number; msg: string; chatId?: string }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()));
          done();
        },
      }),
    );
    const failed: { item: OutboxItem; error: unknown }[] = [];
    const box = outbox({
      logger,
      maxFailures: 2,
      retryDelayMs: 1,
      onFailed: (item, error) => failed.push({ item, error }),
    });
    box.enqueue('a@g.us', text('malo'));
    box.resume(async () => {
      throw new Error('bad-request');
    });
    expect(await box.flush(2000)).toBe(true);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.item).toMatchObject({ chatId: 'a@g.us', message: text('malo'), failures: 2 });
    expect((failed[0]?.error as Error).message).toBe('bad-request');
    expect(lines.filter((l) => l.level === 50)).toMatchObject([{ chatId: 'a@g.us' }]);
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1); // the first failure, retried
  });

  it('stores documents as BLOBs, sends their bytes, and drops the bytes once sent', async () => {
    const box = outbox();
    const bytes = new Uint8Array([37, 80, 68, 70, 45]);
    box.enqueue('a@g.us', {
      kind: 'document',
      bytes,
      fileName: 'guia.pdf',
      mimetype: 'application/pdf',
      caption: 'Guía',
    });
    const stored = db.prepare('SELECT document FROM outbox').get() as { document: Buffer };
    expect(Buffer.from(stored.document)).toEqual(Buffer.from(bytes));
    const { sends, sender } = recorder();
    box.resume(sender);
    expect(await box.flush(2000)).toBe(true);
    expect(sends[0]?.item.message).toEqual({
      kind: 'document',
      bytes,
      fileName: 'guia.pdf',
      mimetype: 'application/pdf',
      caption: 'Guía',
    });
    expect(db.prepare('SELECT document FROM outbox').get()).toEqual({ document: null });
  });

  it('answers retry requests from the stored sent message, by platform id', async () => {
    const box = outbox({ newMessageId: () => '3EB0FIXEDID' });
    box.enqueue('a@g.us', text('hola'));
    expect(box.sentMessage('3EB0FIXEDID')).toBeUndefined();
    box.resume(recorder().sender);
    await box.flush(2000);
    expect(JSON.parse(box.sentMessage('3EB0FIXEDID') ?? '{}')).toEqual({ conversation: 'hola' });
  });

  it('waits a random delay within [minDelayMs, maxDelayMs] before each send', async () => {
    const box = outbox({ minDelayMs: 20, maxDelayMs: 30 });
    for (let i = 0; i < 4; i++) box.enqueue(`c${i}@g.us`, text(`m${i}`));
    const { sends, sender } = recorder();
    const start = performance.now();
    box.resume(sender);
    await box.flush(5000);
    expect((sends[0]?.at ?? 0) - start).toBeGreaterThanOrEqual(19);
    for (let i = 1; i < sends.length; i++) {
      expect((sends[i]?.at ?? 0) - (sends[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(19);
    }
  });

  it('prunes sent rows older than the retention', async () => {
    let now = 1_000_000;
    const box = outbox({ now: () => now, retentionMs: 1000 });
    box.enqueue('a@g.us', text('viejo'));
    box.resume(recorder().sender);
    await box.flush(2000);
    box.enqueue('a@g.us', text('pendiente'));
    box.pause();
    now += 5000;
    expect(box.prune()).toBe(1);
    expect(box.pendingCount()).toBe(1);
  });
});
