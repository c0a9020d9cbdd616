import type { GroupSettingsPort } from '../bot/services.js';
import type { SqliteDatabase } from './sqlite.js';

/** A group's toggle as stored (for admin listings). */
export interface GroupSetting {
  chatId: string;
  active: boolean;
  updatedBy: string;
  updatedAt: Date;
}

/** `activar` / `desactivar` persisted per group; overrides the config's allow-list. */
export interface GroupSettingsRepo extends GroupSettingsPort {
  list(): GroupSetting[];
}

export function createGroupSettingsRepo(
  db: SqliteDatabase,
  options: { now?: () => Date } = {},
): GroupSettingsRepo {
  const now = options.now ?? (() => new Date());
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
      upsert.run(chatId, active ? 1 : 0, by, now().getTime());
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
