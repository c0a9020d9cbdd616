import type { SqliteDatabase } from '../store/sqlite.js';
import { isJobName, type JobName, type ScheduleEntry } from './port.js';
import { formatScheduleSpec, parseScheduleSpec } from './schedule-spec.js';
import { createActorKey, scrubActors } from '../store/actor.js';

/** A run's state for one schedule and Lima date; only 'waiting' is not final. */
type RunStatus = 'waiting' | 'sent' | 'skipped' | 'failed';

export interface RunRow {
  key: string;
  /** Lima date 'YYYY-MM-DD'. */
  date: string;
  status: RunStatus;
  /** Attempts already made (waiting rows). */
  attempts: number;
  /** When a waiting run is tried again. */
  nextAt?: Date;
  note?: string;
  at: Date;
}

/**
 * The identity of a schedule for runs: chat + job + canonical spec. A chat schedule identical to a
 * config one shares its runs, so the group still gets one post per day.
 */
export function scheduleKey(entry: Pick<ScheduleEntry, 'chatId' | 'job' | 'specText'>): string {
  return `${entry.chatId}|${entry.job}|${entry.specText}`;
}

interface ScheduleRow {
  id: number;
  chat_id: string;
  job: string;
  spec: string;
  source: 'config' | 'chat';
  created_by: string;
  created_at: number;
}

interface RunDbRow {
  schedule_key: string;
  run_date: string;
  status: string;
  detail: string | null;
  at: number;
}

interface RunDetail {
  attempts?: number;
  nextAt?: number;
  note?: string;
}

export interface ConfigSchedule {
  chatId: string;
  job: JobName;
  specText: string;
}

/** Schedules and their runs in SQLite (tables `schedules`, `schedule_runs` of migration 3). */
export interface ScheduleStore {
  /** Every schedule, config ones first; rows that no longer parse are left out (see `invalid`). */
  all(): ScheduleEntry[];
  forChat(chatId: string): ScheduleEntry[];
  insert(input: Omit<ScheduleEntry, 'id' | 'spec'>): ScheduleEntry;
  delete(id: number): boolean;
  /**
   * Makes the config rows equal `wanted`, keeping the rows (and creation times) that stay. With
   * `prune` false (some group could not be resolved) it only adds.
   */
  syncConfig(
    wanted: readonly ConfigSchedule[],
    now: Date,
    prune: boolean,
  ): { added: number; removed: number };
  /** Runs of the given dates plus waiting runs of any date since `waitingSince`. */
  runs(dates: readonly string[], waitingSince: string): RunRow[];
  /** Records a retry; only over no row or a waiting row. */
  markWaiting(key: string, date: string, attempts: number, nextAt: Date, note: string, at: Date): boolean;
  /**
   * Writes a final status unless one is already there. Returns false when another final row won:
   * the caller must then not post. This is the exactly-once gate, called before handing a post over.
   */
  finish(key: string, date: string, status: Exclude<RunStatus, 'waiting'>, note: string, at: Date): boolean;
  /** Amends the note of a row (e.g. the sender failed after the row was written). */
  annotate(key: string, date: string, note: string): void;
  /** Runs that ended 'failed' after `sinceMs`, oldest first (the ops alert `schedule-failed`). */
  failedSince(sinceMs: number): RunRow[];
}

function toEntry(row: ScheduleRow): ScheduleEntry | undefined {
  if (!isJobName(row.job)) return undefined;
  try {
    const spec = parseScheduleSpec(row.spec);
    return {
      id: row.id,
      chatId: row.chat_id,
      job: row.job,
      spec,
      specText: formatScheduleSpec(spec),
      source: row.source,
      createdBy: row.created_by,
      createdAt: new Date(row.created_at),
    };
  } catch {
    return undefined;
  }
}

function toRun(row: RunDbRow): RunRow {
  let detail: RunDetail = {};
  try {
    detail = row.detail ? (JSON.parse(row.detail) as RunDetail) : {};
  } catch {
    detail = row.detail === null ? {} : { note: row.detail };
  }
  return {
    key: row.schedule_key,
    date: row.run_date,
    status: row.status as RunStatus,
    attempts: detail.attempts ?? 0,
    ...(detail.nextAt === undefined ? {} : { nextAt: new Date(detail.nextAt) }),
    ...(detail.note === undefined ? {} : { note: detail.note }),
    at: new Date(row.at),
  };
}

const ORDER = `ORDER BY CASE source WHEN 'config' THEN 0 ELSE 1 END, id`;

export function createScheduleStore(db: SqliteDatabase): ScheduleStore {
  const actor = createActorKey(db);
  scrubActors(db, 'schedules', 'created_by', actor);
  const selectAll = db.prepare<[], ScheduleRow>(`SELECT * FROM schedules ${ORDER}`);
  const selectChat = db.prepare<[string], ScheduleRow>(`SELECT * FROM schedules WHERE chat_id = ? ${ORDER}`);
  const insertRow = db.prepare(
    `INSERT INTO schedules (chat_id, job, spec, source, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const deleteRow = db.prepare('DELETE FROM schedules WHERE id = ?');
  const selectConfig = db.prepare<[], ScheduleRow>(`SELECT * FROM schedules WHERE source = 'config'`);
  const upsertWaiting = db.prepare(
    `INSERT INTO schedule_runs (schedule_key, run_date, status, detail, at) VALUES (?, ?, 'waiting', ?, ?)
     ON CONFLICT (schedule_key, run_date) DO UPDATE SET detail = excluded.detail, at = excluded.at
     WHERE schedule_runs.status = 'waiting'`,
  );
  const upsertFinal = db.prepare(
    `INSERT INTO schedule_runs (schedule_key, run_date, status, detail, at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (schedule_key, run_date) DO UPDATE SET status = excluded.status, detail = excluded.detail,
       at = excluded.at
     WHERE schedule_runs.status = 'waiting'`,
  );
  const selectRun = db.prepare<[string, string], RunDbRow>(
    'SELECT * FROM schedule_runs WHERE schedule_key = ? AND run_date = ?',
  );
  const updateDetail = db.prepare(
    'UPDATE schedule_runs SET detail = ? WHERE schedule_key = ? AND run_date = ?',
  );
  const selectWaiting = db.prepare<[string], RunDbRow>(
    `SELECT * FROM schedule_runs WHERE status = 'waiting' AND run_date >= ?`,
  );
  const selectRunsOn = db.prepare<[string], RunDbRow>('SELECT * FROM schedule_runs WHERE run_date = ?');
  const selectFailed = db.prepare<[number], RunDbRow>(
    "SELECT * FROM schedule_runs WHERE status = 'failed' AND at > ? ORDER BY at",
  );

  const entries = (rows: ScheduleRow[]) =>
    rows.map(toEntry).filter((e): e is ScheduleEntry => e !== undefined);

  const store: ScheduleStore = {
    all: () => entries(selectAll.all()),
    forChat: (chatId) => entries(selectChat.all(chatId)),
    insert(input) {
      const spec = parseScheduleSpec(input.specText);
      const info = insertRow.run(
        input.chatId,
        input.job,
        input.specText,
        input.source,
        actor(input.createdBy),
        input.createdAt.getTime(),
      );
      return { ...input, spec, id: Number(info.lastInsertRowid) };
    },
    delete: (id) => deleteRow.run(id).changes > 0,
    syncConfig: db.transaction((wanted: readonly ConfigSchedule[], now: Date, prune: boolean) => {
      const wantedKeys = new Set(wanted.map(scheduleKey));
      const kept = new Set<string>();
      let removed = 0;
      for (const row of selectConfig.all()) {
        const entry = toEntry(row);
        const key = entry ? scheduleKey(entry) : '';
        const stale = !entry || !wantedKeys.has(key) || kept.has(key);
        if (stale && prune) {
          deleteRow.run(row.id);
          removed++;
        } else if (entry) {
          kept.add(key);
        }
      }
      let added = 0;
      for (const item of wanted) {
        const key = scheduleKey(item);
        if (kept.has(key)) continue;
        insertRow.run(item.chatId, item.job, item.specText, 'config', 'config', now.getTime());
        kept.add(key);
        added++;
      }
      return { added, removed };
    }),
    runs(dates, waitingSince) {
      const byId = new Map<string, RunRow>();
      for (const date of dates) {
        for (const row of selectRunsOn.all(date))
          byId.set(`${row.schedule_key}\n${row.run_date}`, toRun(row));
      }
      for (const row of selectWaiting.all(waitingSince)) {
        byId.set(`${row.schedule_key}\n${row.run_date}`, toRun(row));
      }
      return [...byId.values()];
    },
    markWaiting(key, date, attempts, nextAt, note, at) {
      const detail: RunDetail = { attempts, nextAt: nextAt.getTime(), note };
      return upsertWaiting.run(key, date, JSON.stringify(detail), at.getTime()).changes > 0;
    },
    finish(key, date, status, note, at) {
      const previous = selectRun.get(key, date);
      const attempts = previous ? toRun(previous).attempts : 0;
      const detail: RunDetail = { attempts, note };
      return upsertFinal.run(key, date, status, JSON.stringify(detail), at.getTime()).changes > 0;
    },
    annotate(key, date, note) {
      const previous = selectRun.get(key, date);
      if (!previous) return;
      const detail: RunDetail = { attempts: toRun(previous).attempts, note };
      updateDetail.run(JSON.stringify(detail), key, date);
    },
    failedSince: (sinceMs) => selectFailed.all(sinceMs).map(toRun),
  };
  return store;
}
