import { defineCommand } from '../../src/bot/command.js';
import { describeScheduleSpec } from '../../src/scheduler/schedule-spec.js';
import { schedulesOf } from './port.js';

/** `programados`: this chat's scheduled posts, numbered for `desprogramar`; config ones marked. */
export const programados = defineCommand({
  name: 'programados',
  triggers: [{ parts: ['c:schedule'] }],
  ignores: ['k:place-here', 'k:adverb', 'c:groups'],
  summary: 'Lista las publicaciones programadas de este grupo',
  usage: 'programados',
  examples: ['programados'],
  access: 'everyone',
  argShape: 'none',
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
