import type { GroupSettingsPort } from '../bot/ports.js';
import { createPseudonymizer, type Pseudonymizer } from './keyed-crypto.js';
import type { SqliteDatabase } from './sqlite.js';

/** A group's toggle as stored (for admin listings). */
export interface GroupSetting {
  chatId: string;
  active: boolean;
  /** Keyed pseudonym of the admin who toggled it (`byPseudonym`), never the phone number. */
  updatedBy: string;
  updatedAt: Date;
}

/** `activar` / `desactivar` persisted per group; overrides the config's allow-list. */
export interface GroupSettingsRepo extends GroupSettingsPort {
  list(): GroupSetting[];
}

const HASHED = 'hmac:';

/** `updated_by` as stored: a keyed pseudonym of the phone or id (old clear values are rewritten on open). */
function byPseudonym(by: string, pseudonym: Pseudonymizer): string {
  if (by.startsWith(HASHED)) return by;
  // The digits of a phone JID (device suffix dropped): the same pseudonym the log gives the sender.
  return `${HASHED}${pseudonym(by.split('@')[0]?.split(':')[0] || by)}`;
}

/** Backs the toggles with `group_settings`; who toggled is kept only as a keyed pseudonym. */
export function createGroupSettingsRepo(
  db: SqliteDatabase,
  options: { now?: () => Date } = {},
): GroupSettingsRepo {
  const now = options.now ?? (() => new Date());
  const pseudonym = createPseudonymizer(db);
  scrubUpdatedBy(db, pseudonym);
  const select = db.prepare<[string], { active: number }>(
    'SELECT active FROM group_settings WHERE chat_id = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO group_settings (chat_id, active, updated_by, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (chat_id) DO UPDATE SET
       active = excluded.active, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  );
  const all = db.prepare<[], { chat_id: string; active: number; updated_by: string; updated_at: number }>(
    'SELECT chat_id, active, updated_by, updated_at FROM group_settings ORDER BY chat_id',
  );
  return {
    isActive(chatId) {
      const row = select.get(chatId);
      return row === undefined ? undefined : row.active === 1;
    },
    setActive(chatId, active, by) {
      upsert.run(chatId, active ? 1 : 0, byPseudonym(by, pseudonym), now().getTime());
    },
    list() {
      return all.all().map((row) => ({
        chatId: row.chat_id,
        active: row.active === 1,
        updatedBy: row.updated_by,
        updatedAt: new Date(row.updated_at),
      }));
    },
  };
}

function scrubUpdatedBy(db: SqliteDatabase, pseudonym: Pseudonymizer): void {
  const rows = db.prepare<[], { by: string }>('SELECT DISTINCT updated_by AS by FROM group_settings').all();
  const update = db.prepare('UPDATE group_settings SET updated_by = ? WHERE updated_by = ?');
  db.transaction(() => {
    for (const { by } of rows) {
      const hashed = byPseudonym(by, pseudonym);
      if (hashed !== by) update.run(hashed, by);
    }
  })();
}
