import { directChat, idDigits, isLid, isPhoneId, normalizeId, phoneOf } from '../transports/ids.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * LID ↔ phone-number pairs (table `wa_lid_pairs`, migration 12) as WhatsApp itself gives them: a
 * group roster lists each member's LID with its number (`participants[].phoneNumber`), a message
 * carries `participantAlt`. Kept across relinks (Baileys' own mapping goes with the session), so
 * a member or owner known by either form is recognised, and a mentioned LID (`@Fulano` in a
 * LID-addressed group) can be turned into the number a feature needs. A LID pairs with one number;
 * a newer pair replaces the older one (the member changed numbers).
 */
export interface LidPair {
  /** `…@lid`, normalised. */
  lid: string;
  /** Digits with country code. */
  phone: string;
}

export interface LidPairsRepo {
  /** Keeps the pairs (invalid ones skipped); returns how many were new or changed. */
  learn(pairs: readonly { lid: string; phone: string }[], at: number): number;
  /** The phone digits paired with a LID. */
  phoneFor(lid: string): string | undefined;
  /** The LID paired with a phone (digits or a phone-number id). */
  lidFor(phone: string): string | undefined;
  /** Every id the pairs know for these ids (the ids themselves included), phone ids first. */
  expand(ids: readonly string[]): string[];
  count(): number;
}

export function createLidPairsRepo(db: SqliteDatabase): LidPairsRepo {
  const select = db.prepare<[string], { phone: string }>('SELECT phone FROM wa_lid_pairs WHERE lid = ?');
  const byPhone = db.prepare<[string], { lid: string }>(
    'SELECT lid FROM wa_lid_pairs WHERE phone = ? ORDER BY seen_at DESC LIMIT 1',
  );
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO wa_lid_pairs (lid, phone, seen_at) VALUES (?, ?, ?)
     ON CONFLICT (lid) DO UPDATE SET phone = excluded.phone, seen_at = excluded.seen_at`,
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM wa_lid_pairs');
  const learnAll = db.transaction((pairs: readonly { lid: string; phone: string }[], at: number) => {
    let changed = 0;
    for (const pair of pairs) {
      const lid = normalizeId(pair.lid);
      const phone = isPhoneId(pair.phone) ? phoneOf(pair.phone) : idDigits(pair.phone);
      if (!isLid(lid) || !phone || idDigits(lid) === '') continue;
      if (select.get(lid)?.phone !== phone) changed += 1;
      upsert.run(lid, phone, at);
    }
    return changed;
  });
  const repo: LidPairsRepo = {
    learn: (pairs, at) => (pairs.length === 0 ? 0 : learnAll(pairs, at)),
    phoneFor: (lid) => select.get(normalizeId(lid))?.phone,
    lidFor(phone) {
      const digits = phone.includes('@') ? phoneOf(normalizeId(phone)) : idDigits(phone);
      return digits ? byPhone.get(digits)?.lid : undefined;
    },
    expand(ids) {
      const out = new Set<string>();
      for (const raw of ids) {
        const id = normalizeId(raw);
        out.add(id);
        const phone = isLid(id) ? repo.phoneFor(id) : undefined;
        const lid = isPhoneId(id) ? repo.lidFor(id) : undefined;
        if (phone) out.add(directChat(phone));
        if (lid) out.add(lid);
      }
      return [...out].sort((a, b) => Number(isLid(a)) - Number(isLid(b)));
    },
    count: () => count.get()?.n ?? 0,
  };
  return repo;
}
