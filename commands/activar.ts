import { defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/bot/user-error.js';

/** `activar` (admins, in a group): turns the bot on there; persisted, overrides the config. */
export const activar = defineCommand({
  name: 'activar',
  aliases: ['encender'],
  summary: 'Activa el bot en este grupo',
  usage: 'activar',
  examples: ['activar'],
  access: 'admin',
  worksInInactiveGroups: true,
  argShape: 'none',
  parse: () => ({}),
  async run(ctx) {
    if (!ctx.message.isGroup) throw new UserError('only-groups');
    ctx.services.groupSettings.setActive(ctx.message.chatId, true, ctx.sender.ids[0] ?? 'unknown');
    await ctx.reply('activar', { grupo: ctx.message.chatName });
  },
});
