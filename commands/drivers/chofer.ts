import { defineCommand } from '../../src/bot/command.js';
import { maskPhone } from '../../src/bot/guards.js';
import { UserError } from '../../src/errors/user-error.js';
import { driversOf, NUMBER_CHECK } from './port.js';

const examples = ['chofer 41234567 987654321', 'chofer borrar 41234567', 'chofer 41234567'];
/** The removal form in `examples`: shown under a malformed `chofer borrar`. */
const REMOVE_EXAMPLE = 1;

type ChoferArgs =
  | { action: 'set'; document: string; phone: string }
  | { action: 'remove'; document: string }
  | { action: 'show'; document: string };

/**
 * `chofer <dni> <número>` registers (or changes) the WhatsApp number a driver's guides go to;
 * `chofer borrar <dni>` removes it; `chofer <dni>` shows it. Admins only: it decides who receives
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
  ignores: ['c:dni', 'c:phone', 'k:document-word', 'k:label', 'k:pronoun'],
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
  usage: 'chofer <dni> <número> · chofer borrar <dni>',
  examples,
  access: 'owner',
  argShape: 'required',
  async run(ctx) {
    const { args } = ctx;
    const { drivers, contacts } = driversOf(ctx);
    if (args.action === 'set') {
      const previous = drivers.get(args.document);
      // Asked before saving: a number WhatsApp says has no account would never get a guide.
      const check = (await ctx.services.registry.get(NUMBER_CHECK)?.(args.phone)) ?? {
        status: 'unknown' as const,
      };
      if (check.status === 'missing') {
        await ctx.reply('chofer-sin-whatsapp', { documento: args.document, telefono: `+${args.phone}` });
        return;
      }
      drivers.set(args.document, args.phone, ctx.sender.ids[0] ?? 'chat');
      const newNumber = previous?.phone !== args.phone;
      contacts?.recordCheck(
        args.document,
        check.status === 'exists' ? { hasWhatsApp: true, ...(check.lid ? { lid: check.lid } : {}) } : {},
        newNumber,
      );
      if (previous && newNumber) {
        // A redirected driver would receive the company's guides: never let it pass unnoticed.
        await ctx.services.owners?.notify('chofer-cambio-aviso', {
          documento: args.document,
          anterior: maskPhone(previous.phone),
          nuevo: maskPhone(args.phone),
          grupo: ctx.message.isGroup ? (ctx.message.chatName ?? ctx.message.chatId) : undefined,
          por: ctx.sender.displayName,
        });
      }
      await ctx.reply('chofer-guardado', {
        documento: args.document,
        telefono: `+${args.phone}`,
        anterior: previous && newNumber ? `+${previous.phone}` : undefined,
        whatsapp: check.status,
        escribio: !newNumber && contacts?.get(args.document)?.reachedAt !== undefined,
      });
      return;
    }
    if (args.action === 'remove') {
      const removed = drivers.remove(args.document);
      await ctx.reply(removed ? 'chofer-borrado' : 'chofer-no-registrado', { documento: args.document });
      return;
    }
    const driver = drivers.get(args.document);
    if (!driver) {
      await ctx.reply('chofer-no-registrado', { documento: args.document });
      return;
    }
    await ctx.reply('chofer-registrado', {
      documento: driver.documentNumber,
      telefono: `+${driver.phone}`,
      origen: driver.source,
    });
  },
});
