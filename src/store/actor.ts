import { idUser } from '../transports/ids.js';
import { createPseudonymizer, type Pseudonymizer } from './keyed-crypto.js';
import type { SqliteDatabase } from './sqlite.js';

/**
 * Who changed a row (`updated_by`, `created_by`), as stored: `hmac:` + the keyed pseudonym of the
 * sender's phone digits, the same pseudonym the log gives the sender. Never the phone itself.
 */
export const HASHED_ACTOR = 'hmac:';

/** `updated_by` as stored; values already hashed (or fixed words like `removed`) pass through. */
export function actorKey(by: string, pseudonym: Pseudonymizer): string {
  if (by.startsWith(HASHED_ACTOR) || /^[a-z]+$/.test(by)) return by;
  // The user part of the sender's id (device suffix dropped).
  return `${HASHED_ACTOR}${pseudonym(idUser(by) || by)}`;
}

/** A pseudonymiser of actors bound to this database's key. */
export function createActorKey(db: SqliteDatabase): (by: string) => string {
  const pseudonym = createPseudonymizer(db);
  return (by) => actorKey(by, pseudonym);
}

/** Rewrites clear actor values left by older versions in `table.column` (run on open). */
export function scrubActors(db: SqliteDatabase, table: string, column: string, key: (by: string) => string) {
  const rows = db.prepare<[], { by: string }>(`SELECT DISTINCT ${column} AS by FROM ${table}`).all();
  const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${column} = ?`);
  db.transaction(() => {
    for (const { by } of rows) {
      const hashed = key(by);
      if (hashed !== by) update.run(hashed, by);
    }
  })();
}
