import { type CommandContext, defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/errors/user-error.js';
import type { JobName, SchedulesPort } from '../src/scheduler/port.js';
import { describeScheduleSpec, type ScheduleSpec } from '../src/scheduler/schedule-spec.js';

const examples = ['programar tc 08:30', 'programar tc 08:30 todos', 'programar afp dia 1 09:00'];

/** The schedules port, or the "not active" reply when the scheduler is not wired. */
export function schedulesOf(ctx: CommandContext<unknown>): SchedulesPort {
  const port = ctx.services.schedules;
  if (!port) throw new UserError('schedule-unavailable');
  return port;
}

/**
 * `programar tc 08:30 [todos|lun-vie]`, `programar afp dia 1 09:00`: a daily or monthly post in
 * this group, persisted; times are Lima time.
 */
export const programar = defineCommand<{ job: JobName; spec: ScheduleSpec }>({
  name: 'programar',
  triggers: [{ parts: ['v:schedule'] }],
  slots: {
    job: { grammar: 'job', missing: 'schedule-missing-job' },
    spec: { grammar: 'schedule', missing: 'schedule-missing-time' },
  },
  ignores: ['k:start-phrase'],
  summary: 'Publica en este grupo el tipo de cambio cada mañana (o las comisiones AFP cada mes)',
  usage: 'programar <tc|afp> <HH:MM> [todos | lun-vie | dia N]',
  examples,
  access: 'groupAdmin',
  argShape: 'text',
  async run(ctx) {
    const schedules = schedulesOf(ctx);
    if (!ctx.message.isGroup) throw new UserError('only-groups');
    const { job, spec } = ctx.args;
    const result = schedules.add({ chatId: ctx.message.chatId, job, spec, by: ctx.sender.ids[0] ?? 'chat' });
    if (!result.ok) {
      throw new UserError('schedule-duplicate', {
        trabajo: job,
        cuando: describeScheduleSpec(result.existing.spec),
      });
    }
    const next = schedules.nextRun(result.entry, ctx.now());
    await ctx.reply('schedule-added', {
      trabajo: job,
      cuando: describeScheduleSpec(spec),
      ...(next ? { proxima: next } : {}),
    });
  },
});
