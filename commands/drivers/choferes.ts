import { defineCommand } from '../../src/bot/command.js';
import { DRIVER_GUIDES } from '../../src/bot/ports.js';
import { LIST_LIMIT_KEY } from '../../src/render/templates.js';
import { driverChats } from '../../src/bot/driver-chat.js';
import { idUser } from '../../src/transports/ids.js';
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
    const list = drivers.list();
    const rows = list.map((driver) => {
      const contact = contacts?.get(driver.documentNumber);
      const last = guides?.latestFor(driverChats(driver, contact));
      return {
        documento: driver.documentNumber,
        // A driver WhatsApp shows only by LID is listed by mention (its name in the chat).
        telefono: driver.phone === undefined ? '' : `+${driver.phone}`,
        mencion: driver.lid === undefined ? undefined : idUser(driver.lid),
        origen: driver.source,
        // Whether the driver opted in by writing, and what WhatsApp said about the last guide.
        escribio: contact?.reachedAt === undefined ? undefined : new Date(contact.reachedAt),
        sin_whatsapp: contact?.hasWhatsApp === false,
        ultimo_estado: last?.state,
        ultimo_codigo: last?.code,
        ultimo_fecha: last ? new Date(last.at) : undefined,
      };
    });
    const data = { choferes: rows, [LIST_LIMIT_KEY]: ctx.services.settings.maxListItems };
    const lids = list.flatMap((driver) => (driver.lid === undefined ? [] : [driver.lid]));
    if (lids.length === 0) {
      await ctx.reply('choferes', data);
      return;
    }
    await ctx.send(ctx.message.chatId, {
      kind: 'text',
      text: ctx.render('choferes', data),
      quotedId: ctx.message.id,
      mentions: lids,
    });
  },
});
