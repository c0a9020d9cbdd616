import type { UsageEvent, UsagePort, UsageRow } from '../bot/ports.js';
import { createPseudonymizer, type Pseudonymizer } from './keyed-crypto.js';
import { limaMonthRange } from '../time/lima.js';
import { GROUP_CHAT_LIKE, isGroupChat } from '../transports/ids.js';
import type { SqliteDatabase } from './sqlite.js';
import { flushPending, insertMany, writeBehind } from './write-behind.js';

/** Usage-log key of a direct chat: a keyed pseudonym, never the phone number in it. */
const DIRECT_CHAT_PREFIX = 'direct:';

/** Lookups Chasqui makes on its own behalf (not a chat), e.g. `chasqui:vigilados`; kept as they are. */
const SYSTEM_CHAT_PREFIX = 'chasqui:';

/**
 * The usage-log account of the shared daily watch check: one lookup per RUC per day serves every
 * group watching it, so it is accounted to Chasqui itself, not to any one group (`uso` shows it apart).
 */
export const WATCH_ACCOUNT = `${SYSTEM_CHAT_PREFIX}vigilados`;

/**
 * The chat id as stored in the usage log: group ids (not personal data) as they are, any other
 * chat (a person's JID or LID) as `direct:<keyed pseudonym>`.
 */
export function usageChatKey(chatId: string, pseudonym: Pseudonymizer): string {
  if (isGroupChat(chatId) || chatId.startsWith(DIRECT_CHAT_PREFIX) || chatId.startsWith(SYSTEM_CHAT_PREFIX))
    return chatId;
  return `${DIRECT_CHAT_PREFIX}${pseudonym(chatId)}`;
}

/**
 * The usage log. Lookup inputs are never stored, only chat + operation + outcome, and direct
 * chats only as a keyed pseudonym (see `usageChatKey`). Month totals are the `uso` command's.
 * Column `saved`: 0 a credit spent, 1 the cache or a shared call answered, 2 a free official
 * source answered instead of the paid API (`FREE_SAVED`: the padrón, BCRP; issue 23).
 */
export interface UsageRepo extends UsagePort {
  /** Writes the pending rows now (closing the database does too). */
  flush(): void;
}

/** `usage_log.saved` of an answer a free official source gave instead of a paid lookup. */
export const FREE_SAVED = 2;

/** How long a usage row may wait to be written: what a crash (not a clean stop) may lose. */
const WRITE_DELAY_MS = 250;

type UsageInsert = [at: number, chatId: string, operation: string, saved: number, outcome: string];

/**
 * Backs the usage log with the `usage_log` table; statements prepared once. Rows written before
 * direct chats were pseudonymised are rewritten on open, so no phone number stays readable.
 */
export function createUsageRepo(
  db: SqliteDatabase,
  options: { onError?: (error: unknown) => void } = {},
): UsageRepo {
  const pseudonym = createPseudonymizer(db);
  scrubDirectChats(db, pseudonym);
  const insert = insertMany<UsageInsert>(
    db,
    'INSERT INTO usage_log (at, chat_id, operation, saved, outcome)',
    5,
  );
  // calls/saved count answered lookups (ok, not found): the ones that spend or save a credit.
  const month = db.prepare<
    [number, number],
    { operation: string; chatId: string; calls: number; saved: number; free: number; failed: number }
  >(
    `SELECT operation, chat_id AS chatId,
            SUM(outcome <> 'failed') AS calls,
            SUM(outcome <> 'failed' AND saved = 1) AS saved,
            SUM(outcome <> 'failed' AND saved = ${FREE_SAVED}) AS free,
            SUM(outcome = 'failed') AS failed
       FROM usage_log WHERE at >= ? AND at < ?
       GROUP BY operation, chat_id ORDER BY operation, chat_id`,
  );
  // Every row is written behind (write-behind.ts), many in one transaction: a synchronous insert
  // per command was the largest single cost of answering one. The budget still counts exactly:
  // `creditsSpent` writes the pending rows before it counts; closing the database writes them too.
  const rows = writeBehind<UsageInsert>(db, insert, {
    delayMs: WRITE_DELAY_MS,
    ...options,
  });
  const repo: UsageRepo = {
    record(event: UsageEvent) {
      const row: UsageInsert = [
        event.at.getTime(),
        usageChatKey(event.chatId, pseudonym),
        event.operation,
        event.saved ? (event.free ? FREE_SAVED : 1) : 0,
        event.outcome,
      ];
      rows.add(row);
    },
    flush: () => rows.flush(),
    month(now: Date): UsageRow[] {
      rows.flush();
      const range = limaMonthRange(now);
      return month.all(range.start, range.end).map(({ failed, free, ...row }) => ({
        ...row,
        ...(free > 0 ? { free } : {}),
        ...(failed > 0 ? { failed } : {}),
      }));
    },
  };
  return repo;
}

/**
 * Credits spent in [fromMs, toMs), by every chat or by one usage-log chat key: answered lookups
 * that went upstream (not served by the cache or a shared call, not failed). The credit budget's
 * measure (commands/budget).
 */
export function creditsSpent(db: SqliteDatabase): (fromMs: number, toMs: number, chatKey?: string) => number {
  const where = "at >= ? AND at < ? AND saved = 0 AND outcome <> 'failed'";
  const all = db.prepare<[number, number], { n: number }>(
    `SELECT COUNT(*) AS n FROM usage_log WHERE ${where}`,
  );
  const chat = db.prepare<[number, number, string], { n: number }>(
    `SELECT COUNT(*) AS n FROM usage_log WHERE ${where} AND chat_id = ?`,
  );
  return (fromMs, toMs, chatKey) => {
    flushPending(db); // the rows of calls just made, still waiting to be written
    return (chatKey === undefined ? all.get(fromMs, toMs) : chat.get(fromMs, toMs, chatKey))?.n ?? 0;
  };
}

function scrubDirectChats(db: SqliteDatabase, pseudonym: Pseudonymizer): void {
  const clear = db
    .prepare<[], { chatId: string }>(
      `SELECT DISTINCT chat_id AS chatId FROM usage_log
        WHERE chat_id NOT LIKE '${GROUP_CHAT_LIKE}' AND chat_id NOT LIKE '${DIRECT_CHAT_PREFIX}%'
          AND chat_id NOT LIKE '${SYSTEM_CHAT_PREFIX}%'`,
    )
    .all();
  if (clear.length === 0) return;
  const update = db.prepare('UPDATE usage_log SET chat_id = ? WHERE chat_id = ?');
  db.transaction(() => {
    for (const { chatId } of clear) update.run(usageChatKey(chatId, pseudonym), chatId);
  })();
}
