import { defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/input/user-error.js';
import { echo, tokens } from '../src/input/args.js';
import { describeScheduleSpec } from '../src/scheduler/schedule-spec.js';
import { schedulesOf } from './programar.js';

/** `desprogramar <n>`: removes the n-th entry of `programados` (chat ones; config ones are refused). */
export const desprogramar = defineCommand({
  name: 'desprogramar',
  aliases: [],
  phrases: ['desprograma'],
  summary: 'Quita una publicación programada (el número de la lista de programados)',
  usage: 'desprogramar <número>',
  examples: ['desprogramar 1'],
  access: 'groupAdmin',
  argShape: 'required',
  parse(raw) {
    const value = tokens(raw)[0] ?? '';
    if (!/^\d{1,4}$/.test(value)) throw new UserError('schedule-bad-number', { valor: echo(value) });
    return { position: Number(value) };
  },
  async run(ctx) {
    const schedules = schedulesOf(ctx);
    const chatId = ctx.message.chatId;
    const result = schedules.remove(chatId, ctx.args.position);
    if (result.ok) {
      await ctx.reply('schedule-removed', {
        trabajo: result.entry.job,
        cuando: describeScheduleSpec(result.entry.spec),
      });
      return;
    }
    if (result.reason === 'config') {
      throw new UserError('schedule-config', {
        numero: ctx.args.position,
        trabajo: result.entry.job,
        cuando: describeScheduleSpec(result.entry.spec),
      });
    }
    throw new UserError('schedule-bad-number', {
      valor: String(ctx.args.position),
      total: schedules.list(chatId).length,
    });
  },
});
