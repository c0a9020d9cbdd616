import type { DriverContact, DriverContactsPort } from '../../src/bot/ports.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';

/**
 * Table `driver_contacts` (migration 6): per driver document, the LID WhatsApp returned for the
 * number and when the driver last wrote to the bot. Apart from `drivers` so config-file drivers
 * (which have no `drivers` row) get the same facts, and the phone override logic stays untouched.
 */
export function createDriverContactsRepo(
  db: SqliteDatabase,
  options: { now?: () => number } = {},
): DriverContactsPort {
  const now = options.now ?? Date.now;
  const select = db.prepare<
    [string],
    { lid: string | null; has_whatsapp: number | null; checked_at: number | null; reached_at: number | null }
  >('SELECT lid, has_whatsapp, checked_at, reached_at FROM driver_contacts WHERE document_number = ?');
  const check = db.prepare<[string, string | null, number | null, number, number]>(
    `INSERT INTO driver_contacts (document_number, lid, has_whatsapp, checked_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (document_number) DO UPDATE SET
       lid = excluded.lid, has_whatsapp = excluded.has_whatsapp, checked_at = excluded.checked_at,
       reached_at = CASE WHEN ? = 1 THEN NULL ELSE reached_at END`,
  );
  const reached = db.prepare<[string, number]>(
    `INSERT INTO driver_contacts (document_number, reached_at) VALUES (?, ?)
     ON CONFLICT (document_number) DO UPDATE SET reached_at = excluded.reached_at`,
  );
  const lidOnly = db.prepare<[string, string]>(
    `INSERT INTO driver_contacts (document_number, lid) VALUES (?, ?)
     ON CONFLICT (document_number) DO UPDATE SET lid = excluded.lid WHERE lid IS NOT excluded.lid`,
  );
  const key = (documentNumber: string) => documentNumber.trim().toUpperCase();
  return {
    get(documentNumber) {
      const row = select.get(key(documentNumber));
      if (!row) return undefined;
      const contact: DriverContact = { documentNumber: key(documentNumber) };
      if (row.lid !== null) contact.lid = row.lid;
      if (row.has_whatsapp !== null) contact.hasWhatsApp = row.has_whatsapp === 1;
      if (row.checked_at !== null) contact.checkedAt = row.checked_at;
      if (row.reached_at !== null) contact.reachedAt = row.reached_at;
      return contact;
    },
    recordCheck(documentNumber, result, newNumber) {
      const has = result.hasWhatsApp === undefined ? null : result.hasWhatsApp ? 1 : 0;
      check.run(key(documentNumber), result.lid ?? null, has, now(), newNumber ? 1 : 0);
    },
    learnLid(documentNumber, lid) {
      return lidOnly.run(key(documentNumber), lid).changes > 0;
    },
    markReached(documentNumber) {
      reached.run(key(documentNumber), now());
    },
  };
}
