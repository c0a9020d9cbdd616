import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatchRepo, type DispatchRepo } from '../../../commands/guides/dispatches.js';
import { createDriverGuides } from '../../../commands/guides/driver-guides.js';
import { createGuideSendsRepo } from '../../../commands/guides/sends.js';
import { openDatabase, type SqliteDatabase } from '../../../src/app/database.js';
import { createDeliveryRepo, type DeliveryRepo } from '../../../src/store/delivery.js';
import type { DeliveryUpdate } from '../../../src/transports/transport.js';

/**
 * What the guides feature reads from the platform's delivery states without SQL on the platform's
 * table: the latest guide to a driver's chats (not the latest message), the states of the guides
 * only, and the resend cooldown that a failed or doubtful send does not hold.
 */
const PN = '51911111111@s.whatsapp.net';
const LID = '211111111111111@lid';
const GROUP = '120363000000000001@g.us';

let db: SqliteDatabase;
let deliveries: DeliveryRepo;
let dispatches: DispatchRepo;

beforeEach(() => {
  db = openDatabase({ dir: ':memory:' });
  deliveries = createDeliveryRepo(db);
  dispatches = createDispatchRepo(db);
});
afterEach(() => {
  db.close();
});

/** A message queued and sent to `chatId` at `at`, then taken to `state`. */
function message(waId: string, chatId: string, at: number, state?: DeliveryUpdate['state'], code?: string) {
  deliveries.record({ messageId: waId, chatId, state: 'sent', at });
  if (state) deliveries.record({ messageId: waId, chatId, state, at: at + 1, ...(code ? { code } : {}) });
}

/** A `guia … enviar` whose driver messages are `waIds`. */
function dispatch(...waIds: string[]) {
  dispatches.create({
    chatId: GROUP,
    guide: 'T001-42',
    createdAt: 1,
    dueAt: 2,
    items: waIds.map((waId) => ({ waId, documentNumber: '41234567', phoneMasked: '+51 9•••••111' })),
  });
}

describe('the guides sent to drivers (DRIVER_GUIDES)', () => {
  it('gives the latest guide to any of the chats, not a later greeting or reply', () => {
    message('guide-1', PN, 1000, 'delivered');
    message('guide-2', LID, 2000, 'failed', '463');
    message('greeting', PN, 3000, 'read');
    dispatch('guide-1');
    dispatch('guide-2');
    const guides = createDriverGuides(dispatches, deliveries);
    expect(guides.latestFor([PN, LID])).toEqual({ state: 'failed', code: '463', at: 2001 });
    expect(guides.latestFor([PN])).toEqual({ state: 'delivered', at: 1001 });
    expect(guides.latestFor(['51922222222@s.whatsapp.net'])).toBeUndefined();
    expect(guides.latestFor([])).toBeUndefined();
  });

  it('counts the states of the guides only, every state present', () => {
    message('guide-1', PN, 1000, 'delivered');
    message('guide-2', LID, 2000, 'failed', '463');
    message('reply', GROUP, 3000, 'read');
    dispatch('guide-1', 'guide-2');
    const counts = createDriverGuides(dispatches, deliveries).counts();
    expect(counts).toMatchObject({ delivered: 1, failed: 1, read: 0, sent: 0, queued: 0 });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(2);
    expect(deliveries.countsByState().read).toBe(1);
  });
});

describe('the resend cooldown over the platform delivery states', () => {
  const limits = () => ({ resendCooldownMinutes: 30, maxDocumentsPerDriverPerDay: 10 });
  const at = new Date('2026-11-25T15:00:00Z');
  const later = new Date(at.getTime() + 5 * 60_000);

  it('holds after a send that is untracked, sent or delivered; not after one refused or doubtful', () => {
    let now = at;
    const sends = createGuideSendsRepo(db, limits, deliveries, () => now);
    // Doubtful: sent, never acknowledged in time (marked before the others are sent).
    message('w5', PN, at.getTime() - 10);
    deliveries.markDoubtful(at.getTime(), at.getTime());
    sends.record('20123456786-09-T001-5', '51911111111', 'w5');
    const cases: [string, string | undefined, DeliveryUpdate['state'] | undefined, boolean][] = [
      ['20123456786-09-T001-1', undefined, undefined, true],
      ['20123456786-09-T001-2', 'w2', undefined, true],
      ['20123456786-09-T001-3', 'w3', 'delivered', true],
      ['20123456786-09-T001-4', 'w4', 'failed', false],
    ];
    for (const [guide, waId, state] of cases) {
      if (waId) message(waId, PN, at.getTime(), state, state === 'failed' ? '463' : undefined);
      sends.record(guide, '51911111111', waId);
    }
    expect(deliveries.get('w5')?.state).toBe('doubtful');
    expect(deliveries.get('w2')?.state).toBe('sent');
    cases.push(['20123456786-09-T001-5', 'w5', undefined, false]);
    now = later;
    for (const [guide, , , holds] of cases) {
      expect(sends.check(guide, '51911111111', { force: false }), guide).toBe(holds ? 'cooldown' : undefined);
    }
  });

  it('a refused send followed by a delivered one still holds (the latest that counts)', () => {
    let now = at;
    const sends = createGuideSendsRepo(db, limits, deliveries, () => now);
    message('first', PN, at.getTime(), 'delivered');
    sends.record('20123456786-09-T001-9', '51911111111', 'first');
    now = new Date(at.getTime() + 60_000);
    message('second', PN, now.getTime(), 'failed', '463');
    sends.record('20123456786-09-T001-9', '51911111111', 'second');
    now = later;
    expect(sends.check('20123456786-09-T001-9', '51911111111', { force: false })).toBe('cooldown');
    now = new Date(at.getTime() + 31 * 60_000);
    expect(sends.check('20123456786-09-T001-9', '51911111111', { force: false })).toBeUndefined();
  });
});
