import { describe, expect, it } from 'vitest';
import { checkReadiness } from '../../src/ops/health.js';
import { createWhatsAppState } from '../../src/ops/whatsapp-state.js';
import type { WhatsAppStatus } from '../../src/transports/whatsapp/index.js';

const retry = (attempt: number): WhatsAppStatus => ({
  kind: 'reconnecting',
  reason: 'connection',
  code: 408,
  delayMs: 2000,
  attempt,
  alert: false,
});

/** A tracker on a clock the test moves by hand (one minute per step unless told). */
function tracked() {
  let at = Date.parse('2026-11-20T13:00:00Z');
  const state = createWhatsAppState(() => new Date(at));
  return {
    state,
    step(status: WhatsAppStatus, minutes = 1) {
      at += minutes * 60_000;
      state.update(status);
    },
    iso: (minutesFromStart: number) =>
      new Date(Date.parse('2026-11-20T13:00:00Z') + minutesFromStart * 60_000).toISOString(),
  };
}

const readiness = (state: ReturnType<typeof createWhatsAppState>) =>
  checkReadiness({
    pairing: state,
    stats: { outbox: () => ({ pending: 0, failed: 0 }), writable: () => true } as never,
    dataDir: '.',
    freeBytes: async () => 1e12,
  });

describe('WhatsApp state: since when the bot is without WhatsApp', () => {
  it('keeps the first moment without WhatsApp across every retry, never linked', async () => {
    const t = tracked();
    t.step({ kind: 'connecting', attempt: 1 }, 0);
    for (let attempt = 1; attempt <= 4; attempt++) {
      t.step(retry(attempt));
      t.step({ kind: 'connecting', attempt: attempt + 1 });
    }
    const snap = t.state.snapshot();
    expect(snap.connection).toBe('reconnecting');
    expect(snap.offlineSince?.toISOString()).toBe(t.iso(0));
    const check = (await readiness(t.state)).checks.whatsapp;
    expect(check.ok).toBe(false);
    expect(check.detail).toBe(`reconnecting, without WhatsApp since ${t.iso(0)}`);
  });

  it('stays "reconnecting" between retries instead of flipping back to "connecting"', () => {
    const t = tracked();
    t.step({ kind: 'open', selfIds: ['51900000001@s.whatsapp.net'] });
    t.step(retry(1));
    const since = t.state.snapshot().since;
    t.step({ kind: 'connecting', attempt: 2 });
    t.step(retry(2));
    expect(t.state.snapshot()).toMatchObject({ connection: 'reconnecting', since });
  });

  it('forgets it once open, and starts over from the moment an open connection is lost', async () => {
    const t = tracked();
    t.step(retry(1));
    t.step({ kind: 'open', selfIds: ['51900000001@s.whatsapp.net'] }, 3);
    expect(t.state.snapshot().offlineSince).toBeUndefined();
    expect((await readiness(t.state)).checks.whatsapp).toEqual({
      ok: true,
      detail: `open since ${t.iso(4)}`,
    });
    t.step(retry(1), 10);
    t.step({ kind: 'connecting', attempt: 2 }, 5);
    t.step(retry(2), 5);
    expect(t.state.snapshot().offlineSince?.toISOString()).toBe(t.iso(14));
  });
});
