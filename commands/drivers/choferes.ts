import { defineCommand } from '../../src/bot/command.js';
import { DRIVER_GUIDES } from '../../src/bot/ports.js';
import { LIST_LIMIT_KEY } from '../../src/render/templates.js';
import { directChat } from '../../src/transports/ids.js';
import { driversOf } from './port.js';

/**
 * `choferes` (admins): every driver the bot can send guides to, from config and from chat, with
 * whether they wrote to the bot (opt-in), whether WhatsApp said the number has no account, and the
 * delivery state of the last guide sent to them (`guia … enviar`; greetings and replies excluded).
 */
export const choferes = defineCommand<Record<string, never>>({
  name: 'choferes',
  triggers: [{ parts: ['c:drivers'] }],
  ignores: ['v*:register', 'k:place-here'],
  summary: 'Choferes registrados para recibir sus guías por WhatsApp',
  usage: 'choferes',
  examples: ['choferes'],
  access: 'owner',
  argShape: 'none',
  async run(ctx) {
    const { drivers, contacts } = driversOf(ctx);
    // The guides feature's record of what was sent with `guia … enviar` (absent without tracking).
    const guides = ctx.services.registry.get(DRIVER_GUIDES);
    const rows = drivers.list().map((driver) => {
      const contact = contacts?.get(driver.documentNumber);
      const chats = [directChat(driver.phone), ...(contact?.lid ? [contact.lid] : [])];
      const last = guides?.latestFor(chats);
      return {
        documento: driver.documentNumber,
        telefono: `+${driver.phone}`,
        origen: driver.source,
        // Whether the driver opted in by writing, and what WhatsApp said about the last guide.
        escribio: contact?.reachedAt === undefined ? undefined : new Date(contact.reachedAt),
        sin_whatsapp: contact?.hasWhatsApp === false,
        ultimo_estado: last?.state,
        ultimo_codigo: last?.code,
        ultimo_fecha: last ? new Date(last.at) : undefined,
      };
    });
    await ctx.reply('choferes', { choferes: rows, [LIST_LIMIT_KEY]: ctx.services.settings.maxListItems });
  },
});
