import { type CommandContext, defineCommand } from '../../src/bot/command.js';
import { UserError } from '../../src/errors/user-error.js';
import type { JobName } from '../../src/scheduler/port.js';
import { describeScheduleSpec } from '../../src/scheduler/schedule-spec.js';
import { schedulesOf } from './port.js';

/** Which schedule: its number in `programados` (`2`, `#2`, `la segunda`, `el 2do`) or its job. */
export type Unschedule = { position: number } | { job: JobName };

/** One schedule of the job: removed when it is the only one this chat can remove, else listed. */
function positionForJob(ctx: CommandContext<Unschedule>, job: JobName): number {
  const entries = schedulesOf(ctx)
    .list(ctx.message.chatId)
    .map((entry, index) => ({ entry, numero: index + 1 }));
  const ofJob = entries.filter(({ entry }) => entry.job === job);
  const removable = ofJob.filter(({ entry }) => entry.source === 'chat');
  if (ofJob.length === 0) throw new UserError('schedule-job-none', { trabajo: job });
  if (removable.length === 1) return removable[0]!.numero;
  if (removable.length === 0) return ofJob[0]!.numero; // a config one: refused with its reason
  throw new UserError('schedule-job-ambiguous', {
    trabajo: job,
    opciones: removable.map(({ entry, numero }) => ({ numero, cuando: describeScheduleSpec(entry.spec) })),
  });
}

/**
 * `desprogramar <n>` removes the n-th entry of `programados` (chat ones; config ones are refused);
 * `desprogramar el tc` removes this chat's only tc schedule, or lists them to pick a number.
 */
export const desprogramar = defineCommand<Unschedule>({
  name: 'desprogramar',
  triggers: [
    { parts: ['v:unschedule'] },
    { parts: ['v:remove', 'c:schedule'] },
    { parts: ['v:cancel', 'c:schedule'] },
    // `quita la primera programación`: the ordinal between says which; the slot reads it.
    { parts: ['v:remove', 'k:ordinal', 'c:schedule'], keepsWords: true },
    { parts: ['v:cancel', 'k:ordinal', 'c:schedule'], keepsWords: true },
    { parts: ['not:send'] },
    { parts: ['stop:send'] },
  ],
  slots: { target: { grammar: 'schedule-target', missing: 'schedule-bad-number' } },
  // When the schedule runs says which one (`deja de mandar el tc en las mañanas`): the job's only
  // schedule is removed, or its schedules are listed to pick a number. The verb of a trigger that
  // keeps its words for the slot is ignored too (`quita la primera programación`).
  ignores: [
    'c:schedule',
    'v*:remove',
    'v*:cancel',
    'k:label',
    'k:topic-noun',
    'k:place-here',
    'k:day-part',
    'k:day-set',
    'k:recurrence',
  ],
  build: (slots) => slots['target'] as Unschedule,
  summary: 'Quita una publicación programada (el número de la lista de programados)',
  usage: 'desprogramar <número | tc | afp>',
  examples: ['desprogramar 1', 'desprogramar tc'],
  access: 'groupAdmin',
  argShape: 'required',
  async run(ctx) {
    const schedules = schedulesOf(ctx);
    const chatId = ctx.message.chatId;
    const position = 'job' in ctx.args ? positionForJob(ctx, ctx.args.job) : ctx.args.position;
    const result = schedules.remove(chatId, position);
    if (result.ok) {
      await ctx.reply('schedule-removed', {
        trabajo: result.entry.job,
        cuando: describeScheduleSpec(result.entry.spec),
      });
      return;
    }
    if (result.reason === 'config') {
      throw new UserError('schedule-config', {
        numero: position,
        trabajo: result.entry.job,
        cuando: describeScheduleSpec(result.entry.spec),
      });
    }
    throw new UserError('schedule-bad-number', {
      valor: String(position),
      total: schedules.list(chatId).length,
    });
  },
});
