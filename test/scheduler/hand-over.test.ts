import { afterEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../src/transports/transport.js';
import { createOutbox, type Outbox } from '../../src/store/outbox.js';
import { GROUP, lima, rateLookup, schedulerHarness } from './helpers.js';

/**
 * The run row ("posted today") and the hand-over to the durable outbox commit in one SQLite
 * transaction, so a crash can leave both or neither: never a day marked posted with nothing queued.
 */
type Harness = ReturnType<typeof schedulerHarness>;
let harness: Harness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function setup(send: (outbox: Outbox, chatId: string, message: OutgoingMessage) => void) {
  let outbox: Outbox | undefined;
  const queue = () => (outbox ??= createOutbox({ db: h.db, minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0 }));
  const h = schedulerHarness({
    start: lima('2026-11-20 07:00'),
    lookup: rateLookup('2026-11-20').lookup,
    config: { groups: [{ id: GROUP, schedules: [{ job: 'tc', spec: '08:30' }] }] },
    // A synchronous sender, like the Baileys transport's enqueue (no await before the insert).
    extra: {
      send: (chatId, message) => {
        send(queue(), chatId, message);
        return Promise.resolve();
      },
    },
  });
  harness = h;
  return { h, queue };
}

describe('scheduler hand-over to the outbox', () => {
  it('queues the post inside the same transaction that records the run', async () => {
    const seen: boolean[] = [];
    const { h, queue } = setup((outbox, chatId, message) => {
      seen.push(h.db.inTransaction);
      outbox.enqueue(chatId, message);
    });
    await h.at(lima('2026-11-20 08:30'));
    expect(seen).toEqual([true]);
    expect(queue().pendingCount()).toBe(1);
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-20', status: 'sent' }]);
  });

  it('rolls both back when the hand-over fails, and posts once on the next tick', async () => {
    let failing = true;
    const { h, queue } = setup((outbox, chatId, message) => {
      outbox.enqueue(chatId, message);
      if (failing) throw new Error('disk full');
    });
    await h.at(lima('2026-11-20 08:30'));
    expect(queue().pendingCount()).toBe(0);
    expect(h.runs().filter((run) => run.status === 'sent')).toHaveLength(0);

    failing = false;
    await h.at(lima('2026-11-20 08:31'));
    await h.at(lima('2026-11-20 08:32'));
    expect(queue().pendingCount()).toBe(1);
    expect(h.runs()).toMatchObject([{ run_date: '2026-11-20', status: 'sent' }]);
  });
});
