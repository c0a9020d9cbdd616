import { defineCommand } from '../src/bot/command.js';
import { describeScheduleSpec } from '../src/scheduler/schedule-spec.js';
import { schedulesOf } from './programar.js';

/** `programados`: this chat's scheduled posts, numbered for `desprogramar`; config ones marked. */
export const programados = defineCommand({
  name: 'programados',
  aliases: ['programacion', 'programaciones'],
  triggers: [{ parts: ['c:schedule'] }],
  ignores: ['k:place-here', 'k:adverb'],
  phrases: [
    'programado',
    'programadas',
    'publicaciones programadas',
    ...['hay', 'tienes', 'tenemos', 'publicaciones hay'].flatMap((verb) =>
      ['programado', 'programados', 'programada', 'programadas'].map((word) => `${verb} ${word}`),
    ),
  ],
  fillers: ['del grupo', 'en este grupo', 'de este grupo', 'en el grupo', 'aqui', 'en este chat', 'ahora'],
  summary: 'Lista las publicaciones programadas de este grupo',
  usage: 'programados',
  examples: ['programados'],
  access: 'everyone',
  argShape: 'none',
  parse: () => ({}),
  async run(ctx) {
    const entries = schedulesOf(ctx).list(ctx.message.chatId);
    await ctx.reply('schedule-list', {
      programados: entries.map((entry) => ({
        trabajo: entry.job,
        cuando: describeScheduleSpec(entry.spec),
        configuracion: entry.source === 'config',
      })),
      hay_configuracion: entries.some((entry) => entry.source === 'config'),
    });
  },
});
