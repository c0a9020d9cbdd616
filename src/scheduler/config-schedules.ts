import { ConfigError, type ConfigIssue } from '../config/errors.js';
import type { Config } from '../config/types.js';
import { isJobName, JOB_NAMES } from './port.js';
import { formatScheduleSpec, parseScheduleSpec, ScheduleSpecError } from './schedule-spec.js';
import type { ConfigSchedule } from './store.js';

type GroupsConfig = Pick<Config, 'groups'>;

const SPEC_HINT: Record<ScheduleSpecError['problem'], string> = {
  'missing-time': 'missing the time: expected e.g. "08:30", "08:30 todos" or "dia 1 09:00"',
  'bad-time': 'bad time: expected HH:MM from 00:00 to 23:59 (Lima time)',
  'bad-days':
    'bad days: expected "todos", day names (lun, mar, mie, jue, vie, sab, dom) or a range "lun-vie"',
  'bad-day-of-month': 'bad day of month: expected "dia N" with N from 1 to 31',
};

/**
 * Checks `groups[].schedules` (jobs and specs), naming each bad key like the config loader does.
 * Exported so config loading can call it too; the scheduler calls it before anything runs.
 */
function validateScheduleConfig(config: GroupsConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  config.groups.forEach((group, g) => {
    group.schedules.forEach((schedule, s) => {
      const at = `groups[${g}].schedules[${s}]`;
      if (!isJobName(schedule.job.trim().toLowerCase())) {
        issues.push({ path: `${at}.job`, message: `unknown job: expected one of ${JOB_NAMES.join(', ')}` });
      }
      try {
        parseScheduleSpec(schedule.spec);
      } catch (error) {
        if (!(error instanceof ScheduleSpecError)) throw error;
        issues.push({ path: `${at}.spec`, message: SPEC_HINT[error.problem] });
      }
    });
  });
  return issues;
}

/** Throws ConfigError when a configured schedule is invalid (start-up stops, naming the key). */
export function assertScheduleConfig(config: GroupsConfig): void {
  const issues = validateScheduleConfig(config);
  if (issues.length > 0) throw new ConfigError(issues);
}

/**
 * The config schedules with their chat ids. Groups given only by name use `resolved` (name → id);
 * the names missing there are returned in `unresolved` (then stale rows must not be pruned).
 */
export function configSchedules(
  config: GroupsConfig,
  resolved: ReadonlyMap<string, string> = new Map(),
): { schedules: ConfigSchedule[]; unresolved: string[] } {
  const schedules: ConfigSchedule[] = [];
  const unresolved: string[] = [];
  for (const group of config.groups) {
    if (group.schedules.length === 0) continue;
    const chatId = group.id ?? (group.name ? resolved.get(group.name) : undefined);
    if (!chatId) {
      unresolved.push(group.name ?? '');
      continue;
    }
    for (const schedule of group.schedules) {
      const job = schedule.job.trim().toLowerCase();
      if (!isJobName(job)) continue;
      schedules.push({ chatId, job, specText: formatScheduleSpec(parseScheduleSpec(schedule.spec)) });
    }
  }
  return { schedules, unresolved };
}

/** Resolves the names of config groups that have schedules but no id (failures leave them out). */
export async function resolveGroupNames(
  config: GroupsConfig,
  resolveName: (name: string) => Promise<string | undefined>,
): Promise<Map<string, string>> {
  const resolved = new Map<string, string>();
  for (const group of config.groups) {
    if (group.id || !group.name || group.schedules.length === 0) continue;
    const id = await resolveName(group.name).catch(() => undefined);
    if (id) resolved.set(group.name, id);
  }
  return resolved;
}

/** Group display names by chat id (for the admins' failure reports). */
export function groupNames(config: GroupsConfig): Map<string, string> {
  const names = new Map<string, string>();
  for (const group of config.groups) if (group.id && group.name) names.set(group.id, group.name);
  return names;
}
