import { hasColumn, hasTable, type Migration } from '../../src/store/migrations.js';

/**
 * The drivers' tables, split from the shipped migrations with their version numbers: `drivers`
 * (their part of 3) and `driver_contacts` (their part of 6). The store applies a version's parts
 * together, as the one migration it shipped as; the late part checks its own table.
 */
export const driverMigrations: readonly Migration[] = [
  {
    version: 3,
    name: 'documents: drivers',
    up(db) {
      db.exec(`
        -- drivers/store: chofer <dni> <número>
        CREATE TABLE drivers (
          document_number TEXT PRIMARY KEY,
          phone           TEXT NOT NULL,
          updated_by      TEXT NOT NULL,
          updated_at      INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 6,
    name: 'delivery truth: driver contacts',
    // landed after version 9 (issues 10 and 14): a database created at v9 does not have it yet
    isApplied: hasTable('driver_contacts'),
    up(db) {
      db.exec(`
        -- drivers/contacts: what WhatsApp told us about a driver (LID) and when the driver
        -- last wrote to the bot (a driver who wrote can receive: WhatsApp drops first contacts)
        CREATE TABLE driver_contacts (
          document_number TEXT PRIMARY KEY,
          lid             TEXT,
          has_whatsapp    INTEGER,
          checked_at      INTEGER,
          reached_at      INTEGER
        );
      `);
    },
  },
  {
    version: 13,
    name: 'drivers by LID',
    isApplied: hasColumn('drivers', 'lid'),
    up(db) {
      db.exec(`
        -- drivers/store: chofer <dni> @Fulano for someone WhatsApp shows with a LID and no number
        -- (issue 21). A row with a phone is reached by it; phone '' with a lid is a LID-only
        -- driver; phone '' without one stays the tombstone of a removed config driver.
        ALTER TABLE drivers ADD COLUMN lid TEXT;
      `);
    },
  },
];
