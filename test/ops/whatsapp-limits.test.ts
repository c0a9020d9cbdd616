import { describe, expect, it } from 'vitest';
import { createAlerts } from '../../src/ops/alerts.js';
import { checkReadiness } from '../../src/ops/health.js';
import { alertOnStatus, watchRetryReceipts } from '../../src/ops/watchers.js';
import { createWhatsAppState } from '../../src/ops/whatsapp-state.js';
import type { DbStats } from '../../src/ops/db-stats.js';

/**
 * What ops makes of WhatsApp's limits (issue 21): the restriction alert only at its start and end,
 * /readyz degraded (not down) while it lasts and back when it ends, retry receipts counted per
 * group with an alert on an unusual rate, once an hour.
 */
const GROUP = '120363000000000001@g.us';
const stats = (held = 0): DbStats => ({
  outbox: () => ({ pending: held, failed: 0, sent: 0, held }),
  lookups: () => [],
  writable: () => true,
  firstMessagesSince: () => 0,
});

describe('the restriction in ops', () => {
  it('alerts at its start and its end only; a repeated or restored state does not alert', () => {
    const alerts = createAlerts();
    const until = Date.parse('2026-11-20T23:30:00Z');
    alertOnStatus(alerts, { kind: 'restriction', active: true, since: 1, until, enforcement: 'DEFAULT' });
    expect(alerts.recent()).toEqual([]);
    alertOnStatus(alerts, {
      kind: 'restriction',
      active: true,
      since: 1,
      until,
      change: 'started',
      enforcement: 'DEFAULT',
    });
    expect(alerts.recent()[0]).toMatchObject({
      kind: 'whatsapp-restricted',
      details: { phase: 'started', until: '2026-11-20 18:30', enforcement: 'DEFAULT' },
    });
    alertOnStatus(alerts, { kind: 'restriction', active: false, change: 'ended' });
    expect(alerts.recent()[0]).toMatchObject({ kind: 'whatsapp-restricted', details: { phase: 'ended' } });
    expect(alerts.recent()).toHaveLength(2);
  });

  it('/readyz: degraded while restricted (200, held rows not stuck), ready once it ends or its time passed', async () => {
    let now = Date.parse('2026-11-20T15:00:00Z');
    const state = createWhatsAppState(() => new Date(now));
    state.update({ kind: 'open', selfIds: [] });
    const ready = () =>
      checkReadiness({
        pairing: state,
        stats: stats(2),
        dataDir: '.',
        freeBytes: async () => 1e12,
        now: () => now,
      });
    expect(await ready()).toMatchObject({ ready: true, status: 'ready' });
    state.update({ kind: 'restriction', active: true, since: now, until: now + 3600_000, change: 'started' });
    const degraded = await ready();
    expect(degraded).toMatchObject({ ready: true, status: 'degraded' });
    expect(degraded.checks.restriction.detail).toContain('until 2026-11-20T16:00:00.000Z');
    expect(degraded.checks.outbox).toMatchObject({ ok: true });
    expect(degraded.checks.outbox.detail).toContain('2 held');
    now += 3600_001; // its end passed before WhatsApp said so
    expect((await ready()).status).toBe('ready');
    state.update({ kind: 'restriction', active: true, since: now });
    expect((await ready()).checks.restriction.detail).toContain('no end given');
    state.update({ kind: 'restriction', active: false, change: 'ended' });
    expect((await ready()).status).toBe('ready');
  });
});

describe('retry receipts per group', () => {
  it('counts them per group and alerts once an hour when a group passes the rate', () => {
    let now = 0;
    const alerts = createAlerts();
    const state = createWhatsAppState();
    const watch = watchRetryReceipts(alerts, { perHour: 3, now: () => now });
    const receipt = (chatId: string) => {
      state.update({ kind: 'retry-receipt', chatId });
      watch.record(chatId);
      now += 60_000;
    };
    receipt(GROUP);
    receipt(GROUP);
    receipt('direct');
    expect(alerts.recent()).toEqual([]);
    receipt(GROUP);
    expect(alerts.recent()).toEqual([
      expect.objectContaining({ kind: 'whatsapp-retries', details: { group: GROUP, lastHour: 3 } }),
    ]);
    receipt(GROUP);
    receipt(GROUP);
    expect(alerts.recent()).toHaveLength(1); // not again within the hour
    expect(Object.fromEntries(state.retries())).toEqual({ [GROUP]: 5, direct: 1 });
    now += 2 * 3600_000;
    receipt(GROUP); // a lone one after a quiet while: no alert
    expect(alerts.recent()).toHaveLength(1);
  });
});
