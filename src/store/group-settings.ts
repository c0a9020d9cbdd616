import type { GroupSettingsPort } from '../bot/ports.js';
import { createActorKey, scrubActors } from './actor.js';
import type { SqliteDatabase } from './sqlite.js';

/** A group's toggle as stored (for admin listings). */
export interface GroupSetting {
  chatId: string;
  active: boolean;
  /** Keyed pseudonym of the admin who toggled it (store/actor.ts), never the phone number. */
  updatedBy: string;
  updatedAt: Date;
}

/** `activar` / `desactivar` persisted per group; overrides the config's allow-list. */
export interface GroupSettingsRepo extends GroupSettingsPort {
  list(): GroupSetting[];
}

/** Backs the toggles with `group_settings`; who toggled is kept only as a keyed pseudonym. */
export function createGroupSettingsRepo(
  db: SqliteDatabase,
  options: { now?: () => Date } = {},
): GroupSettingsRepo {
  const now = options.now ?? (() => new Date());
  const actor = createActorKey(db);
  scrubActors(db, 'group_settings', 'updated_by', actor);
  const select = db.prepare<[string], { active: number; owner_allowed: number }>(
    'SELECT active, owner_allowed FROM group_settings WHERE chat_id = ?',
  );
  // An owner's toggle sets owner_allowed (1 on activar, 0 on desactivar); a group admin's keeps it.
  const upsert = db.prepare(
    `INSERT INTO group_settings (chat_id, active, updated_by, updated_at, owner_allowed)
     VALUES (?, ?, ?, ?, COALESCE(?, 0))
     ON CONFLICT (chat_id) DO UPDATE SET
       active = excluded.active, updated_by = excluded.updated_by, updated_at = excluded.updated_at,
       owner_allowed = COALESCE(?, group_settings.owner_allowed)`,
  );
  const all = db.prepare<[], { chat_id: string; active: number; updated_by: string; updated_at: number }>(
    'SELECT chat_id, active, updated_by, updated_at FROM group_settings ORDER BY chat_id',
  );
  // Every message asks for its chat's row; only setActive changes it (the data folder is locked
  // to one process, restore runs with the bot stopped), so rows read are kept, `null` for none.
  const rows = new Map<string, { active: number; owner_allowed: number } | null>();
  const rowOf = (chatId: string) => {
    let row = rows.get(chatId);
    if (row === undefined) {
      row = select.get(chatId) ?? null;
      if (rows.size >= 4_096) rows.clear();
      rows.set(chatId, row);
    }
    return row;
  };
  return {
    isActive(chatId) {
      const row = rowOf(chatId);
      return row === null ? undefined : row.active === 1;
    },
    setActive(chatId, active, by, options) {
      const owner = options?.byOwner ? (active ? 1 : 0) : null;
      rows.delete(chatId);
      upsert.run(chatId, active ? 1 : 0, actor(by), now().getTime(), owner, owner);
    },
    ownerAllowed(chatId) {
      return rowOf(chatId)?.owner_allowed === 1;
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
