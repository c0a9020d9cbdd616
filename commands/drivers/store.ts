import type { Driver, DriversPort } from '../../src/bot/ports.js';
import { normalizePhone } from '../../src/config/values.js';
import { createActorKey, scrubActors } from '../../src/store/actor.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import { lidEntry } from '../../src/transports/ids.js';

export interface DriversRepoOptions {
  /** Drivers from the config file (document number → phone); chat changes take precedence. */
  seed?: Readonly<Record<string, string>>;
  now?: () => Date;
}

/**
 * Drivers known by document number: the config's list, overridden by `chofer` commands persisted
 * in the `drivers` table (by number, or by LID for a driver WhatsApp shows without one). Removing a config driver by chat stores a tombstone (empty phone) so the
 * removal survives restarts; setting the driver again by chat lifts it.
 */
export function createDriversRepo(db: SqliteDatabase, options: DriversRepoOptions = {}): DriversPort {
  const now = options.now ?? (() => new Date());
  // Who changed a driver is kept only as the keyed pseudonym the log uses (older clear values rewritten).
  const actor = createActorKey(db);
  scrubActors(db, 'drivers', 'updated_by', actor);
  const seed = new Map<string, string>();
  for (const [documentNumber, phone] of Object.entries(options.seed ?? {})) {
    const normalized = normalizePhone(phone);
    if (normalized) seed.set(normalizeDocument(documentNumber), normalized);
  }
  type Row = { document_number: string; phone: string; lid: string | null };
  const select = db.prepare<[string], Row>(
    'SELECT document_number, phone, lid FROM drivers WHERE document_number = ?',
  );
  const upsert = db.prepare<[string, string, string | null, string, number]>(
    `INSERT INTO drivers (document_number, phone, lid, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (document_number) DO UPDATE SET
       phone = excluded.phone, lid = excluded.lid, updated_by = excluded.updated_by,
       updated_at = excluded.updated_at`,
  );
  const remove = db.prepare('DELETE FROM drivers WHERE document_number = ?');
  const all = db.prepare<[], Row>('SELECT document_number, phone, lid FROM drivers');

  /** A stored row as a driver; undefined for the tombstone of a removed config driver. */
  const fromRow = (row: Row): Driver | undefined => {
    const { document_number: documentNumber, phone, lid } = row;
    if (phone !== '') return { documentNumber, phone, source: 'chat' };
    return lid ? { documentNumber, lid, source: 'chat' } : undefined;
  };

  const get = (documentNumber: string): Driver | undefined => {
    const key = normalizeDocument(documentNumber);
    const row = select.get(key);
    if (row) return fromRow(row);
    const phone = seed.get(key);
    return phone === undefined ? undefined : { documentNumber: key, phone, source: 'config' };
  };

  return {
    get,
    set(documentNumber, phone, by) {
      const normalized = normalizePhone(phone);
      if (normalized === undefined) throw new TypeError('drivers.set: not a phone number with country code');
      upsert.run(normalizeDocument(documentNumber), normalized, null, actor(by), now().getTime());
    },
    setLid(documentNumber, lid, by) {
      const id = lidEntry(lid);
      if (id === undefined) throw new TypeError('drivers.setLid: not a LID');
      upsert.run(normalizeDocument(documentNumber), '', id, actor(by), now().getTime());
    },
    remove(documentNumber) {
      const key = normalizeDocument(documentNumber);
      if (!get(key)) return false;
      if (seed.has(key)) upsert.run(key, '', null, 'removed', now().getTime());
      else remove.run(key);
      return true;
    },
    list() {
      const merged = new Map<string, Driver>();
      for (const [documentNumber, phone] of seed)
        merged.set(documentNumber, { documentNumber, phone, source: 'config' });
      for (const row of all.all()) {
        const driver = fromRow(row);
        if (driver) merged.set(row.document_number, driver);
        else merged.delete(row.document_number);
      }
      return [...merged.values()].sort((a, b) => a.documentNumber.localeCompare(b.documentNumber));
    },
  };
}

function normalizeDocument(documentNumber: string): string {
  return documentNumber.trim().toUpperCase();
}
