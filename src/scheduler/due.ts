import { addDays, limaDate, limaInstant } from '../time/lima.js';
import type { ScheduleEntry } from './port.js';
import { occursOn } from './schedule-spec.js';
import { type RunRow, scheduleKey } from './store.js';

/** What the scheduler must do at an instant: run an occurrence (maybe late) or record it as missed. */
export type Due =
  | {
      action: 'run';
      entry: ScheduleEntry;
      key: string;
      date: string;
      scheduledAt: Date;
      /** Attempts already made (0 on the first try). */
      attempt: number;
      /** Started more than a minute after its time (catch-up after downtime). */
      late: boolean;
    }
  | {
      action: 'skip';
      entry: ScheduleEntry;
      key: string;
      date: string;
      scheduledAt: Date;
      minutesLate: number;
    };

export interface DueInput {
  schedules: readonly ScheduleEntry[];
  /** Yesterday's and today's runs and all waiting runs (see ScheduleStore.runs). */
  runs: readonly RunRow[];
  now: Date;
  catchUpMinutes: number;
}

const MINUTE = 60_000;

/**
 * The heart of the scheduler, pure so tests need no timers: given the schedules, the recorded runs
 * and an instant, which occurrences are due. Yesterday's and today's occurrences are due once
 * their Lima time has come and they have no run row; more than `catchUpMinutes` late they are
 * skipped (recorded and logged) instead. A waiting run (a retry) is due at its `nextAt`. A chat
 * schedule never fires for a time before it was created; nor does any schedule for yesterday.
 */
export function computeDue(input: DueInput): Due[] {
  const { now, catchUpMinutes } = input;
  const windowMs = catchUpMinutes * MINUTE;
  const today = limaDate(now);
  const byKey = new Map<string, ScheduleEntry>();
  for (const entry of input.schedules) {
    const key = scheduleKey(entry);
    if (!byKey.has(key)) byKey.set(key, entry);
  }
  const runIds = new Set(input.runs.map((r) => `${r.key}\n${r.date}`));
  const due: Due[] = [];

  for (const run of input.runs) {
    const entry = byKey.get(run.key);
    if (!entry || run.status !== 'waiting' || !run.nextAt) continue;
    const delay = now.getTime() - run.nextAt.getTime();
    if (delay < 0) continue;
    const scheduledAt = limaInstant(run.date, entry.spec.hour, entry.spec.minute);
    if (delay > windowMs) {
      due.push({
        action: 'skip',
        entry,
        key: run.key,
        date: run.date,
        scheduledAt,
        minutesLate: Math.floor(delay / MINUTE),
      });
    } else {
      due.push({
        action: 'run',
        entry,
        key: run.key,
        date: run.date,
        scheduledAt,
        attempt: run.attempts,
        late: false,
      });
    }
  }

  // Yesterday too: a late-evening post missed across midnight may still be inside the window.
  const yesterday = addDays(today, -1);
  for (const [key, entry] of byKey) {
    for (const date of [yesterday, today]) {
      if (!occursOn(entry.spec, date) || runIds.has(`${key}\n${date}`)) continue;
      const scheduledAt = limaInstant(date, entry.spec.hour, entry.spec.minute);
      const delay = now.getTime() - scheduledAt.getTime();
      if (delay < 0) continue;
      // A schedule never fires (nor counts as missed) for a time before it existed; config rows
      // may still post today's occurrence late (the config changed while Chasqui was down).
      const createdAfter = entry.createdAt.getTime() > scheduledAt.getTime();
      if (createdAfter && (entry.source === 'chat' || date !== today)) continue;
      if (delay > windowMs) {
        due.push({ action: 'skip', entry, key, date, scheduledAt, minutesLate: Math.floor(delay / MINUTE) });
      } else {
        due.push({ action: 'run', entry, key, date, scheduledAt, attempt: 0, late: delay >= MINUTE });
      }
    }
  }
  return due.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
}
