import { defineCommand } from '../../src/bot/command.js';
import { PEOPLE } from '../../src/bot/ports.js';
import { UserError } from '../../src/errors/user-error.js';
import { idUser } from '../../src/transports/ids.js';
import { mentionedDriver } from './mention.js';
import { driversOf } from './port.js';
import { registerLid, registerPhone, replyMentioning, shown } from './register.js';

const examples = [
  'chofer 41234567 987654321',
  'chofer borrar 41234567',
  'chofer 41234567',
  'chofer 41234567 @Fulano',
];
/** The removal form in `examples`: shown under a malformed `chofer borrar`. */
const REMOVE_EXAMPLE = 1;

type ChoferArgs =
  | { action: 'set'; document: string; phone: string }
  | { action: 'remove'; document: string }
  | { action: 'show'; document: string };

/**
 * `chofer <dni> <número>` registers (or changes) the WhatsApp number a driver's guides go to;
 * `chofer <dni> @Fulano` registers the person mentioned (by their number, or by LID when WhatsApp
 * shows none); `chofer borrar <dni>` removes it; `chofer <dni>` shows it. Admins only: it decides who receives
 * documents. Persisted in the store, over the drivers of the config file.
 */
export const chofer = defineCommand<ChoferArgs>({
  name: 'chofer',
  triggers: [
    { parts: ['c:driver'] },
    { parts: ['v:register', 'c:driver'] },
    { parts: ['v:update', 'c:driver'] },
    { parts: ['v:remove', 'c:driver'], implies: { action: 'remove' } },
    { parts: ['v:register', 'c:phone', 'c:driver'] },
    { parts: ['v:update', 'c:phone', 'c:driver'] },
    { parts: ['v:remove', 'c:phone', 'c:driver'], implies: { action: 'remove' } },
    { parts: ['c:phone', 'c:driver'] },
    { parts: ['k:topic-noun', 'c:driver'] },
  ],
  slots: {
    action: { grammar: 'driver-action', optional: true },
    document: { grammar: 'person-id', missing: 'chofer-uso' },
    phone: { grammar: 'mobile', optional: true },
  },
  // `… de la lista`: where a driver is removed from.
  ignores: ['c:dni', 'c:phone', 'k:document-word', 'k:label', 'k:pronoun', 'k:asking-noun'],
  build: (slots) => {
    const document = slots['document'] as string;
    const phone = slots['phone'] as string | undefined;
    if (slots['action'] === 'remove') {
      if (phone !== undefined) throw new UserError('chofer-uso', {}, { example: REMOVE_EXAMPLE });
      return { action: 'remove', document };
    }
    return phone === undefined ? { action: 'show', document } : { action: 'set', document, phone };
  },
  summary: 'Registra el WhatsApp de un chofer para enviarle sus guías (o lo borra)',
  usage: 'chofer <dni> <número> · chofer <dni> @mención · chofer borrar <dni>',
  examples,
  access: 'owner',
  argShape: 'required',
  async run(ctx) {
    const { args } = ctx;
    const { drivers } = driversOf(ctx);
    if (args.action === 'remove') {
      const removed = drivers.remove(args.document);
      await ctx.reply(removed ? 'chofer-borrado' : 'chofer-no-registrado', { documento: args.document });
      return;
    }
    // `chofer <dni> @Fulano`: the mention is the message's, as a document would be (mention.ts).
    const mention = mentionedDriver(ctx.message, ctx.services.registry.get(PEOPLE));
    if (args.action === 'set') {
      // A number and a mention: which one is meant? Neither is guessed.
      if (mention.kind !== 'none') throw new UserError('chofer-uso');
      await registerPhone(ctx, args.document, args.phone);
      return;
    }
    switch (mention.kind) {
      case 'phone':
        await registerPhone(ctx, args.document, mention.phone, mention.lid);
        return;
      case 'lid':
        await registerLid(ctx, args.document, mention.lid);
        return;
      case 'several':
        await ctx.reply('chofer-una-mencion', { documento: args.document });
        return;
      case 'unknown':
        await ctx.reply('chofer-mencion-desconocida', { documento: args.document });
        return;
      case 'none':
        break;
    }
    const driver = drivers.get(args.document);
    if (!driver) {
      await ctx.reply('chofer-no-registrado', { documento: args.document });
      return;
    }
    const data = { documento: driver.documentNumber, telefono: shown(driver), origen: driver.source };
    if (driver.lid === undefined) await ctx.reply('chofer-registrado', data);
    else
      await replyMentioning(ctx, 'chofer-registrado', driver.lid, { ...data, mencion: idUser(driver.lid) });
  },
});
