import type { ScheduleSpec } from './schedule-spec.js';
import type { ScheduleStore } from './store.js';

/** The jobs a schedule can run; `programar <job> ...` accepts exactly these words. */
export const JOB_NAMES = ['tc', 'afp'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function isJobName(word: string): word is JobName {
  return (JOB_NAMES as readonly string[]).includes(word);
}

/** One scheduled post of a chat, as `programados` lists it. */
export interface ScheduleEntry {
  id: number;
  chatId: string;
  job: JobName;
  spec: ScheduleSpec;
  /** Canonical spec text (`08:30`, `08:30 todos`, `dia 1 09:00`). */
  specText: string;
  /** Config schedules cannot be removed from the chat. */
  source: 'config' | 'chat';
  createdBy: string;
  createdAt: Date;
}

type AddScheduleResult =
  { ok: true; entry: ScheduleEntry } | { ok: false; reason: 'duplicate'; existing: ScheduleEntry };

type RemoveScheduleResult =
  | { ok: true; entry: ScheduleEntry }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'config'; entry: ScheduleEntry };

/**
 * Scheduled posts as commands see them (issue 6); `BotServices.schedules` is typed from here.
 * Synchronous: it is a thin layer over the SQLite store.
 */
export interface SchedulesPort {
  /** The chat's schedules in `programados` order (config ones first, then by creation). */
  list(chatId: string): ScheduleEntry[];
  /** Persists a chat schedule; an identical one (same job and spec) is reported, not doubled. */
  add(input: { chatId: string; job: JobName; spec: ScheduleSpec; by: string }): AddScheduleResult;
  /** Removes the `position`-th (1-based) entry of `list(chatId)`; config ones are refused. */
  remove(chatId: string, position: number): RemoveScheduleResult;
  /** When the entry fires next after `after` (undefined for a spec that never fires). */
  nextRun(entry: ScheduleEntry, after: Date): Date | undefined;
}

/**
 * The scheduler's run rows (`schedule_runs`, one per key and Lima date) as a feature's daily work
 * keeps them: the same exactly-once gate (`finish`), catch-up and retries as scheduled posts. The
 * app hands it to features as `FeatureDeps.runs` (the watch check); only the scheduler writes SQL.
 */
export type RunLedger = Pick<ScheduleStore, 'runs' | 'markWaiting' | 'finish' | 'annotate'>;
