import { describe, expect, it } from 'vitest';
import { computeDue } from '../../src/scheduler/due.js';
import { addDays, limaDate } from '../../src/time/lima.js';
import type { ScheduleEntry } from '../../src/scheduler/port.js';
import { formatScheduleSpec, parseScheduleSpec } from '../../src/scheduler/schedule-spec.js';
import { type RunRow, scheduleKey } from '../../src/scheduler/store.js';
import { lima } from './helpers.js';

function entry(spec: string, overrides: Partial<ScheduleEntry> = {}): ScheduleEntry {
  const parsed = parseScheduleSpec(spec);
  return {
    id: 1,
    chatId: 'g1@g.us',
    job: 'tc',
    spec: parsed,
    specText: formatScheduleSpec(parsed),
    source: 'config',
    createdBy: 'config',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

/** Yesterday went normally: each schedule has a sent row for the Lima day before `now`. */
function sentYesterday(schedules: ScheduleEntry[], now: Date): RunRow[] {
  const date = addDays(limaDate(now), -1);
  return schedules.map((s) => ({ key: scheduleKey(s), date, status: 'sent', attempts: 0, at: now }));
}

const simplify = (list: ReturnType<typeof computeDue>) =>
  list.map((d) => ({
    action: d.action,
    date: d.date,
    ...(d.action === 'run' ? { attempt: d.attempt, late: d.late } : { minutesLate: d.minutesLate }),
  }));

const due = (schedules: ScheduleEntry[], now: Date, runs: RunRow[] = [], catchUpMinutes = 180) =>
  simplify(computeDue({ schedules, runs: [...sentYesterday(schedules, now), ...runs], now, catchUpMinutes }));

/** Like `due`, but yesterday has no run rows at all (Chasqui was down). */
const dueAfterDowntime = (schedules: ScheduleEntry[], now: Date, catchUpMinutes = 180) =>
  simplify(computeDue({ schedules, runs: [], now, catchUpMinutes }));

describe('computeDue', () => {
  it('is empty before the Lima time and due from that minute on', () => {
    const s = [entry('08:30')];
    expect(due(s, lima('2026-11-20 08:29'))).toEqual([]);
    expect(due(s, new Date('2026-11-20T13:30:00Z'))).toEqual([
      { action: 'run', date: '2026-11-20', attempt: 0, late: false },
    ]);
  });

  it('uses the Lima date, not the UTC one, near midnight', () => {
    // 23:30 Lima on Saturday 21 is already Sunday 22 in UTC.
    expect(due([entry('23:30')], new Date('2026-11-22T04:30:00Z'))).toEqual([
      { action: 'run', date: '2026-11-21', attempt: 0, late: false },
    ]);
  });

  it('does nothing once a run row exists for the day, whatever its status', () => {
    const s = [entry('08:30')];
    for (const status of ['sent', 'skipped', 'failed'] as const) {
      const runs: RunRow[] = [
        { key: scheduleKey(s[0]!), date: '2026-11-20', status, attempts: 0, at: new Date() },
      ];
      expect(due(s, lima('2026-11-20 09:00'), runs)).toEqual([]);
    }
  });

  it('marks a late start as late, and beyond the window as a skip', () => {
    const s = [entry('08:30')];
    expect(due(s, lima('2026-11-20 08:31'))).toEqual([
      { action: 'run', date: '2026-11-20', attempt: 0, late: true },
    ]);
    expect(due(s, lima('2026-11-20 11:31'))).toEqual([
      { action: 'skip', date: '2026-11-20', minutesLate: 181 },
    ]);
    expect(due(s, lima('2026-11-20 09:31'), [], 60)).toEqual([
      { action: 'skip', date: '2026-11-20', minutesLate: 61 },
    ]);
  });

  it('runs a waiting retry at its time, with its attempt count', () => {
    const s = [entry('08:30')];
    const waiting: RunRow = {
      key: scheduleKey(s[0]!),
      date: '2026-11-20',
      status: 'waiting',
      attempts: 2,
      nextAt: lima('2026-11-20 09:30'),
      at: lima('2026-11-20 09:00'),
    };
    expect(due(s, lima('2026-11-20 09:29'), [waiting])).toEqual([]);
    expect(due(s, lima('2026-11-20 09:30'), [waiting])).toEqual([
      { action: 'run', date: '2026-11-20', attempt: 2, late: false },
    ]);
    expect(due(s, lima('2026-11-20 12:31'), [waiting])).toEqual([
      { action: 'skip', date: '2026-11-20', minutesLate: 181 },
    ]);
  });

  it('never fires a chat schedule for a time before it was created', () => {
    const chat = entry('08:30', { source: 'chat', createdAt: lima('2026-11-20 10:00') });
    expect(due([chat], lima('2026-11-20 10:01'))).toEqual([]);
    expect(due([chat], lima('2026-11-21 08:30'))).toEqual([
      { action: 'run', date: '2026-11-21', attempt: 0, late: false },
    ]);
  });

  it('fires identical config and chat schedules once', () => {
    const s = [entry('08:30'), entry('8:30', { id: 2, source: 'chat' })];
    expect(due(s, lima('2026-11-20 08:30'))).toHaveLength(1);
  });

  it('fires monthly specs on their day only', () => {
    const s = [entry('dia 1 09:00')];
    expect(due(s, lima('2026-12-01 09:00'))).toHaveLength(1);
    expect(due(s, lima('2026-12-02 09:00'))).toEqual([]);
  });

  it('posts a late-evening occurrence missed across midnight once, late, inside the window', () => {
    const s = [entry('23:00 todos')];
    expect(dueAfterDowntime(s, lima('2026-11-21 00:30'))).toEqual([
      { action: 'run', date: '2026-11-20', attempt: 0, late: true },
    ]);
    // Yesterday's 23:00 exactly at the edge of a 60-minute window, then just past it.
    expect(dueAfterDowntime(s, lima('2026-11-21 00:00'), 60)).toEqual([
      { action: 'run', date: '2026-11-20', attempt: 0, late: true },
    ]);
    expect(dueAfterDowntime(s, lima('2026-11-21 00:01'), 60)).toEqual([
      { action: 'skip', date: '2026-11-20', minutesLate: 61 },
    ]);
  });

  it('records yesterday’s occurrence as skipped when missed beyond the window', () => {
    const s = [entry('08:30')];
    expect(dueAfterDowntime(s, lima('2026-11-21 07:00'))).toEqual([
      { action: 'skip', date: '2026-11-20', minutesLate: 1350 },
    ]);
  });

  it('never counts yesterday for a schedule created after yesterday’s time (config or chat)', () => {
    const createdAt = lima('2026-11-21 00:10');
    for (const source of ['config', 'chat'] as const) {
      expect(
        dueAfterDowntime([entry('23:00 todos', { source, createdAt })], lima('2026-11-21 00:30')),
      ).toEqual([]);
    }
  });
});
