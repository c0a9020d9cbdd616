import type { SqliteDatabase } from './sqlite.js';

/**
 * What WhatsApp says about the account itself (table `wa_account`, migration 12): the reach-out
 * time lock ("restricted": no first messages to new chats until a time) and the new-chat message
 * cap, kept across restarts so a restart during a restriction knows it, and the groups already told
 * that their messages to drivers are held (`wa_hold_notices`), so a restart never tells them twice.
 */

export interface Restriction {
  active: boolean;
  /** When Chasqui first learnt this restriction (ms); the episode's key. */
  since?: number;
  /** When WhatsApp says it ends (ms); absent when WhatsApp did not say. */
  until?: number;
  /** WhatsApp's enforcement type (`DEFAULT`, `BIZ_QUALITY`, …). */
  enforcement?: string;
  /** When WhatsApp last told (ms). */
  checkedAt: number;
}

export interface NewChatCap {
  /** New chats WhatsApp allows this cycle, and how many are used. */
  total?: number;
  used?: number;
  /** When the cycle ends (ms). */
  cycleEndsAt?: number;
  /** WhatsApp's words: NONE, FIRST_WARNING, SECOND_WARNING, CAPPED. */
  status?: string;
  at: number;
}

export interface AccountLimitsRepo {
  restriction(): Restriction | undefined;
  setRestriction(value: Restriction): void;
  cap(): NewChatCap | undefined;
  setCap(value: NewChatCap): void;
  /** Records that `chatId` was told about hold `episode`; false when it already was. */
  claimNotice(episode: string, chatId: string, at: number): boolean;
  /** Forgets notices older than `before` (ms). */
  pruneNotices(before: number): number;
}

interface Row {
  restricted: number;
  restricted_since: number | null;
  restricted_until: number | null;
  enforcement: string | null;
  checked_at: number | null;
  cap_total: number | null;
  cap_used: number | null;
  cap_cycle_end: number | null;
  cap_status: string | null;
  cap_at: number | null;
}

/** `{ key: value }` for the values that are not null. */
function present<T extends object>(value: { [K in keyof T]?: T[K] | null | undefined }): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined),
  ) as Partial<T>;
}

export function createAccountLimitsRepo(db: SqliteDatabase): AccountLimitsRepo {
  db.prepare('INSERT INTO wa_account (id) VALUES (1) ON CONFLICT (id) DO NOTHING').run();
  const select = db.prepare<[], Row>('SELECT * FROM wa_account WHERE id = 1');
  const restrict = db.prepare<[number, number | null, number | null, string | null, number]>(
    `UPDATE wa_account SET restricted = ?, restricted_since = ?, restricted_until = ?, enforcement = ?,
       checked_at = ? WHERE id = 1`,
  );
  const capStatement = db.prepare<[number | null, number | null, number | null, string | null, number]>(
    'UPDATE wa_account SET cap_total = ?, cap_used = ?, cap_cycle_end = ?, cap_status = ?, cap_at = ? WHERE id = 1',
  );
  const notice = db.prepare<[string, string, number]>(
    'INSERT INTO wa_hold_notices (episode, chat_id, told_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const prune = db.prepare<[number]>('DELETE FROM wa_hold_notices WHERE told_at < ?');
  return {
    restriction() {
      const row = select.get();
      if (!row || row.checked_at === null) return undefined;
      return {
        active: row.restricted === 1,
        checkedAt: row.checked_at,
        ...present<Restriction>({
          since: row.restricted_since,
          until: row.restricted_until,
          enforcement: row.enforcement,
        }),
      };
    },
    setRestriction(value) {
      restrict.run(
        value.active ? 1 : 0,
        value.since ?? null,
        value.until ?? null,
        value.enforcement ?? null,
        value.checkedAt,
      );
    },
    cap() {
      const row = select.get();
      if (!row || row.cap_at === null) return undefined;
      return {
        at: row.cap_at,
        ...present<NewChatCap>({
          total: row.cap_total,
          used: row.cap_used,
          cycleEndsAt: row.cap_cycle_end,
          status: row.cap_status,
        }),
      };
    },
    setCap(value) {
      capStatement.run(
        value.total ?? null,
        value.used ?? null,
        value.cycleEndsAt ?? null,
        value.status ?? null,
        value.at,
      );
    },
    claimNotice: (episode, chatId, at) => notice.run(episode, chatId, at).changes > 0,
    pruneNotices: (before) => prune.run(before).changes,
  };
}
