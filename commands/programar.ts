import { type CommandContext, defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/input/user-error.js';
import { echo, tokens } from '../src/input/args.js';
import type { JobName, SchedulesPort } from '../src/scheduler/port.js';
import {
  describeScheduleSpec,
  parseScheduleSpec,
  type ScheduleSpec,
  ScheduleSpecError,
} from '../src/scheduler/schedule-spec.js';
import { findJob, firstWord, withoutJob } from './lib/schedule-job.js';

const examples = ['programar tc 08:30', 'programar tc 08:30 todos', 'programar afp dia 1 09:00'];

/** The schedules port, or the "not active" reply when the scheduler is not wired. */
export function schedulesOf(ctx: CommandContext<unknown>): SchedulesPort {
  const port = ctx.services.schedules;
  if (!port) throw new UserError('schedule-unavailable');
  return port;
}

/** Whether the words after the job, and nothing else, are a valid schedule. */
function isSchedule(text: string): boolean {
  try {
    parseScheduleSpec(text);
    return true;
  } catch {
    return false;
  }
}

function parseArgs(raw: string): { job: JobName; spec: ScheduleSpec } {
  const words = tokens(raw);
  const first = firstWord(words);
  if (first === undefined) throw new UserError('schedule-missing-job');
  const mention = findJob(words);
  if (!mention) {
    if (/^\d/u.test(first) || isSchedule(words.join(' '))) throw new UserError('schedule-missing-job');
    throw new UserError('schedule-unknown-job', { valor: echo(first) });
  }
  const { job } = mention;
  try {
    return { job, spec: parseScheduleSpec(withoutJob(words, mention)) };
  } catch (error) {
    if (!(error instanceof ScheduleSpecError)) throw error;
    // The example of the job being scheduled: `programar afp dia 1 09:00` or `programar tc 08:30`.
    const example = examples.findIndex((text) => tokens(text)[1] === job);
    throw new UserError(`schedule-${error.problem}`, { valor: echo(error.token) }, { example });
  }
}

/**
 * An unaddressed line is an attempt only when it names what to post: a job up front (`el tc a las
 * 8`, `la publicación del tc …`), a job anywhere in a line that is otherwise a schedule (`a las 8
 * el tc`), or, in command form, one word and straight a time (`xyz 08:30`, `dni 08:30`: answered
 * "I can only post tc/afp"). `programa la reunión para las 3` is chatter: the router has already
 * trimmed the article, and `para las 3` is not a bare time after the word.
 */
function isAttempt(raw: string): boolean {
  const words = tokens(raw);
  const mention = findJob(words);
  if (mention) return mention.leading || isSchedule(withoutJob(words, mention));
  // Command form: one word, then straight a schedule (`xyz 08:30`, `dni 8 am`), answered with the jobs.
  const rest = words.slice(1).join(' ');
  return /^\d/u.test(rest) && isSchedule(rest);
}

/**
 * `programar tc 08:30 [todos|lun-vie]`, `programar afp dia 1 09:00`: a daily or monthly post in
 * this group, persisted; times are Lima time.
 */
export const programar = defineCommand({
  name: 'programar',
  aliases: [],
  triggers: [{ parts: ['v:schedule'] }],
  slots: {
    job: { grammar: 'job', missing: 'schedule-missing-job' },
    spec: { grammar: 'schedule', missing: 'schedule-missing-time' },
  },
  ignores: ['k:start-phrase'],
  // Its attempt rule needs a job, so chatter (`agenda de mañana`, `programen la capacitación`) stays silent.
  phrases: [
    'programa',
    'programame',
    'programanos',
    'programen',
    'agenda',
    'agendar',
    'agendame',
    'agendanos',
  ],
  summary: 'Publica en este grupo el tipo de cambio cada mañana (o las comisiones AFP cada mes)',
  usage: 'programar <tc|afp> <HH:MM> [todos | lun-vie | dia N]',
  examples,
  access: 'groupAdmin',
  argShape: 'text',
  isAttempt,
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
