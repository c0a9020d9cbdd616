import { defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/bot/user-error.js';

/** `desactivar` (admins, in a group): turns the bot off there; persisted, overrides the config. */
export const desactivar = defineCommand({
  name: 'desactivar',
  aliases: ['apagar'],
  summary: 'Desactiva el bot en este grupo (deja de responder)',
  usage: 'desactivar',
  examples: ['desactivar'],
  access: 'admin',
  worksInInactiveGroups: true,
  argShape: 'none',
  parse: () => ({}),
  async run(ctx) {
    if (!ctx.message.isGroup) throw new UserError('only-groups');
    ctx.services.groupSettings.setActive(ctx.message.chatId, false, ctx.sender.ids[0] ?? 'unknown');
    await ctx.reply('desactivar', { grupo: ctx.message.chatName });
  },
});
