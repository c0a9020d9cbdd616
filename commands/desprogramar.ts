import { type CommandContext, defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/input/user-error.js';
import { echo, tokens } from '../src/input/args.js';
import type { JobName } from '../src/scheduler/port.js';
import { describeScheduleSpec } from '../src/scheduler/schedule-spec.js';
import { numberWordAt, ordinalOf } from '../src/scheduler/spoken-numbers.js';
import { chatKey } from '../src/text/phrasing.js';
import { findJob } from './lib/schedule-job.js';
import { schedulesOf } from './programar.js';

/** Which schedule: its number in `programados` (`2`, `#2`, `la segunda`, `el 2do`) or its job. */
export type Unschedule = { position: number } | { job: JobName };

/** Words around the number or the job that carry nothing (`el`, `la programación`, `número`). */
// prettier-ignore
const FILLERS = new Set([
  'el', 'la', 'los', 'las', 'lo', 'de', 'del', 'numero', 'nro', 'n', 'n°', '#', 'programacion',
  'programado', 'programada', 'publicacion', 'item', 'opcion',
]);

/** The position named by one word: `2`, `2do`, `segunda`, `dos`. */
function positionOf(key: string): number | undefined {
  if (/^\d{1,4}$/u.test(key)) return Number(key);
  const ordinal = ordinalOf(key);
  if (ordinal !== undefined) return ordinal;
  const word = numberWordAt([key], 0);
  return word && word.value >= 1 ? word.value : undefined;
}

function parseUnschedule(raw: string): Unschedule {
  const words = tokens(raw);
  const keys = words.map(chatKey).filter((key) => key !== '' && !FILLERS.has(key));
  const position = keys.length === 1 ? positionOf(keys[0] ?? '') : undefined;
  if (position !== undefined) return { position };
  const mention = findJob(words);
  if (mention?.leading) return { job: mention.job };
  throw new UserError('schedule-bad-number', { valor: echo(words[0] ?? '') });
}

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
 * The stop verbs staff use for a scheduled post: `borra la programación 1`, `cancelar programado
 * 2`, `ya no mandes el tc`, `deja de publicar el tc`. Kept short: `ayuda desprogramar` lists them.
 */
const PHRASES: readonly string[] = [
  'desprograma',
  ...['quita', 'borra', 'elimina', 'cancela', 'anula'].flatMap((verb) => [
    `${verb} la programacion`,
    `${verb} el programado`,
  ]),
  ...['quitar', 'borrar', 'eliminar', 'cancelar'].flatMap((verb) => [
    `${verb} programacion`,
    `${verb} programado`,
  ]),
  ...['mandes', 'publiques', 'envies'].map((verb) => `ya no ${verb}`),
  ...['mandar', 'publicar', 'enviar'].map((verb) => `deja de ${verb}`),
];

/**
 * `desprogramar <n>` removes the n-th entry of `programados` (chat ones; config ones are refused);
 * `desprogramar el tc` removes this chat's only tc schedule, or lists them to pick a number.
 */
export const desprogramar = defineCommand({
  name: 'desprogramar',
  aliases: [],
  triggers: [
    { parts: ['v:unschedule'] },
    { parts: ['v:remove', 'c:schedule'] },
    { parts: ['v:cancel', 'c:schedule'] },
    { parts: ['not:send'] },
    { parts: ['stop:send'] },
  ],
  slots: { target: { grammar: 'schedule-target', missing: 'schedule-bad-number' } },
  ignores: ['c:schedule', 'k:label', 'k:topic-noun', 'k:place-here'],
  build: (slots) => slots['target'],
  phrases: PHRASES,
  summary: 'Quita una publicación programada (el número de la lista de programados)',
  usage: 'desprogramar <número | tc | afp>',
  examples: ['desprogramar 1', 'desprogramar tc'],
  access: 'groupAdmin',
  argShape: 'required',
  // Beside a number (the default rule): an ordinal (`la primera`) or a job (`el tc`).
  isAttempt(raw) {
    const words = tokens(raw);
    const keys = words.map(chatKey).filter((key) => !FILLERS.has(key));
    return (keys.length === 1 && positionOf(keys[0] ?? '') !== undefined) || findJob(words)?.leading === true;
  },
  parse: parseUnschedule,
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
