import type { DeliveryReader } from '../../src/bot/feature.js';
import { limaDate, limaInstant } from '../../src/time/lima.js';
import { createPseudonymizer } from '../../src/store/keyed-crypto.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import type { GuideSendsPort } from './port.js';

/**
 * `guia <ref> enviar` limits, over table `guide_sends` (migrations 7 and 10): the same guide to
 * the same driver at most once per cooldown (an owner may force it), and at most N documents per
 * driver and Lima day. Guide and phone are stored only as keyed hashes.
 *
 * A send whose delivery failed (WhatsApp's 463 to a driver who never wrote) or was reported
 * doubtful (no server ack) does not hold the cooldown: the follow-up tells the dispatcher to have
 * the driver write «hola» and send again, and the driver never received it. It still counts for
 * the daily cap, which limits what we ask WhatsApp to carry to one number.
 */
export interface GuideSendLimits {
  resendCooldownMinutes: number;
  maxDocumentsPerDriverPerDay: number;
}

export function createGuideSendsRepo(
  db: SqliteDatabase,
  limits: () => GuideSendLimits,
  deliveries: Pick<DeliveryReader, 'get'>,
  now: () => Date = () => new Date(),
): GuideSendsPort {
  const key = createPseudonymizer(db);
  const sends = db.prepare<[string, string], { at: number; wa_id: string | null }>(
    'SELECT at, wa_id FROM guide_sends WHERE guide_key = ? AND driver_key = ? ORDER BY at DESC',
  );
  /** The latest send that holds the cooldown: untracked, or not failed nor doubtful. */
  const lastHolding = (guideKey: string, driverKey: string): number | undefined =>
    sends.all(guideKey, driverKey).find((send) => {
      const state = send.wa_id === null ? undefined : deliveries.get(send.wa_id)?.state;
      return state !== 'failed' && state !== 'doubtful';
    })?.at;
  const today = db.prepare<[string, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM guide_sends WHERE driver_key = ? AND at >= ?',
  );
  const insert = db.prepare<[string, string, number, string | null]>(
    'INSERT INTO guide_sends (guide_key, driver_key, at, wa_id) VALUES (?, ?, ?, ?)',
  );
  const prune = db.prepare('DELETE FROM guide_sends WHERE at < ?');
  const DAY_MS = 24 * 60 * 60 * 1000;

  return {
    check(guideRef, phone, options) {
      const at = now();
      const driver = key(`driver:${phone}`);
      const { resendCooldownMinutes, maxDocumentsPerDriverPerDay } = limits();
      const dayStart = limaInstant(limaDate(at), 0, 0).getTime();
      if ((today.get(driver, dayStart)?.n ?? 0) >= maxDocumentsPerDriverPerDay) return 'daily-cap';
      if (options.force) return undefined;
      const previous = lastHolding(key(`guide:${guideRef}`), driver);
      if (previous !== undefined && at.getTime() - previous < resendCooldownMinutes * 60_000) {
        return 'cooldown';
      }
      return undefined;
    },
    record(guideRef, phone, messageId) {
      const at = now().getTime();
      insert.run(key(`guide:${guideRef}`), key(`driver:${phone}`), at, messageId ?? null);
      prune.run(at - 2 * DAY_MS);
    },
  };
}
