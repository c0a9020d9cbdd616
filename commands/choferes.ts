import { defineCommand } from '../src/bot/command.js';
import { LIST_LIMIT_KEY } from '../src/render/templates.js';

/** `choferes` (admins): every driver the bot can send guides to, from config and from chat. */
export const choferes = defineCommand<Record<string, never>>({
  name: 'choferes',
  aliases: ['conductores'],
  fillers: ['registrados', 'inscritos'],
  summary: 'Choferes registrados para recibir sus guías por WhatsApp',
  usage: 'choferes',
  examples: ['choferes'],
  access: 'owner',
  argShape: 'none',
  parse: () => ({}),
  async run(ctx) {
    const rows = ctx.services.drivers.list().map((driver) => ({
      documento: driver.documentNumber,
      telefono: `+${driver.phone}`,
      origen: driver.source,
    }));
    await ctx.reply('choferes', { choferes: rows, [LIST_LIMIT_KEY]: ctx.services.settings.maxListItems });
  },
});
