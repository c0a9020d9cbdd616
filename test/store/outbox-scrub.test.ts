import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeliveryRepo, type DeliveryRepo } from '../../src/store/delivery.js';
import { createOutbox, type Outbox } from '../../src/store/outbox.js';
import { SCRUBBED_PAYLOAD, UNACKED_HOLD_MS } from '../../src/store/outbox-scrub.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';

/**
 * The stored copy of a sent message (for WhatsApp's retry requests) lives until the server acked
 * it plus the retention: WhatsApp asks for retries only once its server has the message.
 */
const MINUTE = 60_000;
const DRIVER = '51911111111@s.whatsapp.net';

let db: SqliteDatabase;
let outbox: Outbox;
let deliveries: DeliveryRepo;
let clock: number;

beforeEach(() => {
  clock = Date.parse('2026-11-25T14:00:00Z');
  db = openDatabase({ dir: ':memory:' });
  deliveries = createDeliveryRepo(db);
  outbox = createOutbox({
    db,
    minDelayMs: 0,
    maxDelayMs: 0,
    perChatGapMs: 0,
    payloadRetentionMinutes: 60,
    now: () => clock,
  });
});

afterEach(() => {
  outbox.close();
  db.close();
});

/** Queues and sends one tracked message (like the WhatsApp transport), at the current clock. */
async function sendTracked(waId: string, text: string): Promise<number> {
  const id = outbox.enqueue(DRIVER, { kind: 'text', text }, undefined, waId);
  deliveries.record({ messageId: waId, chatId: DRIVER, state: 'queued', outboxId: id, at: clock });
  await new Promise<void>((resolve) => {
    outbox.resume(async () => {
      deliveries.record({ messageId: waId, chatId: DRIVER, state: 'sent', at: clock });
      resolve();
      return { stored: JSON.stringify({ conversation: text }) };
    });
  });
  expect(await outbox.flush(2000)).toBe(true);
  return id;
}

function payloadOf(id: number): string {
  return (db.prepare('SELECT payload FROM outbox WHERE id = ?').get(id) as { payload: string }).payload;
}

describe('outbox scrub with delivery tracking', () => {
  it('starts the retention at the server ack, not at the send', async () => {
    const id = await sendTracked('3EB0ACKED', 'Guía T001-42 para Carlos');
    clock += 90 * MINUTE; // sent 90 min ago, no ack yet: WhatsApp may still ask for a retry
    expect(outbox.scrub()).toBe(0);
    deliveries.record({ messageId: '3EB0ACKED', chatId: DRIVER, state: 'server_ack', at: clock });
    clock += 59 * MINUTE;
    expect(outbox.scrub()).toBe(0);
    expect(outbox.sentMessage('3EB0ACKED')).toContain('Carlos');
    clock += 2 * MINUTE; // 61 min after the ack
    expect(outbox.scrub()).toBe(1);
    expect(payloadOf(id)).toBe(SCRUBBED_PAYLOAD);
    expect(outbox.sentMessage('3EB0ACKED')).toBeUndefined();
  });

  it('a delivery receipt counts as the ack; a refused message (463) starts it at the refusal', async () => {
    const delivered = await sendTracked('3EB0DELIV', 'para Rosa');
    const refused = await sendTracked('3EB0REFUS', 'para Luis');
    deliveries.record({ messageId: '3EB0DELIV', chatId: DRIVER, state: 'delivered', at: clock + MINUTE });
    deliveries.record({
      messageId: '3EB0REFUS',
      chatId: DRIVER,
      state: 'failed',
      code: '463',
      at: clock + MINUTE,
    });
    clock += 60 * MINUTE;
    expect(outbox.scrub()).toBe(0);
    clock += 2 * MINUTE;
    expect(outbox.scrub()).toBe(2);
    expect([payloadOf(delivered), payloadOf(refused)]).toEqual([SCRUBBED_PAYLOAD, SCRUBBED_PAYLOAD]);
  });

  it('a message never acknowledged is still scrubbed, a day after its send plus the retention', async () => {
    const id = await sendTracked('3EB0LOST', 'para Ana');
    clock += UNACKED_HOLD_MS + 59 * MINUTE;
    expect(outbox.scrub()).toBe(0);
    clock += 2 * MINUTE;
    expect(outbox.scrub()).toBe(1);
    expect(payloadOf(id)).toBe(SCRUBBED_PAYLOAD);
  });

  it('an untracked row (no delivery record: the terminal) keeps the send as its start', async () => {
    const id = outbox.enqueue('120363000000000001@g.us', { kind: 'text', text: 'RUC 20100070970' });
    outbox.resume(async () => undefined);
    expect(await outbox.flush(2000)).toBe(true);
    clock += 61 * MINUTE;
    expect(outbox.scrub()).toBe(1);
    expect(payloadOf(id)).toBe(SCRUBBED_PAYLOAD);
  });
});
