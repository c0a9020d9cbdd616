import { defineCommand } from '../../src/bot/command.js';
import { UserError } from '../../src/errors/user-error.js';
import { LookupConfigError } from '../../src/lookup/options.js';
import { listData } from '../../src/bot/list-data.js';

/**
 * `grupos` (admins): the bot's groups with participant counts (operation 20 via the directory).
 * Without a messaging host nor a session group source it says MESSAGING_BASE_URL is missing.
 */
export const grupos = defineCommand({
  name: 'grupos',
  triggers: [{ parts: ['c:groups'] }],
  ignores: ['k:bot-name'],
  summary: 'Grupos donde está el bot, con sus participantes',
  usage: 'grupos',
  examples: ['grupos'],
  access: 'owner',
  argShape: 'none',
  async run(ctx) {
    const list = await ctx.services.directory.list().catch((error: unknown) => {
      if (error instanceof LookupConfigError) throw new UserError('groups-unavailable');
      throw error;
    });
    const rows = list
      .map((group) => ({
        nombre: group.Name,
        id: group.JID,
        participantes: group.ParticipantCount || group.Participants.length,
        activo: ctx.services.groupSettings.isActive(group.JID),
      }))
      .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
    await ctx.reply('grupos', listData(ctx, { grupos: rows }));
  },
});
