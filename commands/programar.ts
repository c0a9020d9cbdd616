import { type CommandContext, defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/input/user-error.js';
import { echo, tokens } from '../src/input/args.js';
import { fold } from '../src/text/fold.js';
import { isJobName, type JobName, type SchedulesPort } from '../src/scheduler/port.js';
import {
  describeScheduleSpec,
  parseScheduleSpec,
  type ScheduleSpec,
  ScheduleSpecError,
} from '../src/scheduler/schedule-spec.js';

const examples = ['programar tc 08:30', 'programar tc 08:30 todos', 'programar afp dia 1 09:00'];

/** The schedules port, or the "not active" reply when the scheduler is not wired. */
export function schedulesOf(ctx: CommandContext<unknown>): SchedulesPort {
  const port = ctx.services.schedules;
  if (!port) throw new UserError('schedule-unavailable');
  return port;
}

/** The job as staff name it: `tc`, `tipo de cambio`, `afp`, `comisiones afp`. */
const JOB_PHRASES: readonly [string, JobName][] = [
  ['tipo de cambio', 'tc'],
  ['tipo cambio', 'tc'],
  ['t/c', 'tc'],
  ['comisiones afp', 'afp'],
  ['comision afp', 'afp'],
  ['comisiones', 'afp'],
];

function jobOf(words: readonly string[]): { job: string; length: number } {
  const folded = words.map((word) => fold(word));
  for (const [phrase, job] of JOB_PHRASES) {
    const parts = phrase.split(' ');
    if (parts.every((part, i) => folded[i] === part)) return { job, length: parts.length };
  }
  return { job: folded[0] ?? '', length: 1 };
}

function parseArgs(raw: string): { job: JobName; spec: ScheduleSpec } {
  const words = tokens(raw);
  const first = words[0];
  if (first === undefined) throw new UserError('schedule-missing-job');
  const { job, length } = jobOf(words);
  if (!isJobName(job)) throw new UserError('schedule-unknown-job', { valor: echo(first) });
  try {
    return { job, spec: parseScheduleSpec(words.slice(length).join(' ')) };
  } catch (error) {
    if (!(error instanceof ScheduleSpecError)) throw error;
    // The example of the job being scheduled: `programar afp dia 1 09:00` or `programar tc 08:30`.
    const example = examples.findIndex((text) => tokens(text)[1] === job);
    throw new UserError(`schedule-${error.problem}`, { valor: echo(error.token) }, { example });
  }
}

/**
 * `programar tc 08:30 [todos|lun-vie]`, `programar afp dia 1 09:00`: a daily or monthly post in
 * this group, persisted; times are Lima time.
 */
export const programar = defineCommand({
  name: 'programar',
  aliases: [],
  phrases: ['programa'],
  summary: 'Publica en este grupo el tipo de cambio cada mañana (o las comisiones AFP cada mes)',
  usage: 'programar <tc|afp> <HH:MM> [todos | lun-vie | dia N]',
  examples,
  access: 'groupAdmin',
  argShape: 'required',
  isAttempt: (raw) => {
    const words = tokens(raw);
    return (words.length > 0 && isJobName(jobOf(words).job)) || /\d/.test(raw);
  },
  parse: parseArgs,
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
