import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import { createDeliveryTracker, type DeliveryTracker } from '../../src/delivery/tracker.js';
import { createDeliveryRepo, type DeliveryRecord } from '../../src/store/delivery.js';
import type { DeliveryUpdate, OutgoingMessage } from '../../src/transports/transport.js';

/**
 * The platform's delivery tracker: every step the transport reports is stored and heard by the
 * features' listeners (one that throws hurts no other); a tick marks late sends doubtful before
 * the features' tick work runs; a tracked send to a phone chat goes to the LID WhatsApp pairs.
 */
const PN = '51911111111@s.whatsapp.net';
const LID = '211111111111111@lid';

let db: SqliteDatabase;
let report: (update: DeliveryUpdate) => void;
let sent: { chatId: string; message: OutgoingMessage }[];
let clock: number;
let tracker: DeliveryTracker;

beforeEach(() => {
  db = openDatabase({ dir: ':memory:' });
  sent = [];
  clock = Date.parse('2026-11-25T15:00:00Z');
  report = () => {};
  tracker = createDeliveryTracker({
    transport: {
      onDelivery: (listener) => {
        report = listener;
      },
      sendTracked: async (chatId, message) => {
        sent.push({ chatId, message });
        return { messageId: `wa-${sent.length}` };
      },
      lidForPhone: async (chatId) => (chatId === PN ? LID : undefined),
    },
    deliveries: createDeliveryRepo(db),
    logger: pino({ level: 'silent' }),
    now: () => clock,
    serverAckTimeoutMs: 60_000,
  });
});
afterEach(() => {
  tracker.stop();
  db.close();
});

describe('delivery tracker', () => {
  it('tells every listener of each stored change once, even when one throws', () => {
    const heard: string[] = [];
    tracker.onChange(() => {
      throw new Error('a broken feature');
    });
    tracker.onChange((record: DeliveryRecord) => heard.push(`${record.waId}:${record.state}`));
    report({ messageId: 'm1', chatId: PN, state: 'sent', at: clock });
    report({ messageId: 'm1', chatId: PN, state: 'delivered', at: clock + 1 });
    report({ messageId: 'm1', chatId: PN, state: 'delivered', at: clock + 2 }); // no change
    report({ messageId: 'unknown', chatId: PN, state: 'read', at: clock + 3 }); // not ours
    expect(heard).toEqual(['m1:sent', 'm1:delivered']);
  });

  it('marks late sends doubtful before the features’ tick work, which the tick waits for', async () => {
    report({ messageId: 'm1', chatId: PN, state: 'sent', at: clock });
    const seen: (string | undefined)[] = [];
    tracker.onTick(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(createDeliveryRepo(db).get('m1')?.state);
    });
    clock += 61_000;
    await tracker.tick();
    expect(seen).toEqual(['doubtful']);
  });

  it('sends a phone chat’s message to the paired LID and says where it went', async () => {
    const message = { kind: 'text', text: 'hola' } as const;
    await expect(tracker.sendTracked(PN, message)).resolves.toEqual({ messageId: 'wa-1', chatId: LID });
    await expect(tracker.sendTracked(LID, message)).resolves.toEqual({ messageId: 'wa-2', chatId: LID });
    expect(sent.map((s) => s.chatId)).toEqual([LID, LID]);
    await expect(tracker.checkNumber('51911111111')).resolves.toEqual({ status: 'unknown' });
  });
});
