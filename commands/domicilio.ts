import { defineCommand } from '../src/bot/command.js';
import { parseRuc } from '../src/input/ruc.js';

const examples = ['domicilio 20123456786'];

/** `domicilio <RUC>`: the fiscal address (operation 7). */
export const domicilio = defineCommand({
  name: 'domicilio',
  aliases: ['domiciliofiscal'],
  triggers: [{ parts: ['c:address'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc'],
  phrases: ['domicilio fiscal', 'direccion fiscal', 'direccion'],
  fillers: ['ruc', 'del ruc'],
  summary: 'Domicilio fiscal de un RUC',
  usage: 'domicilio <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  parse: (raw) => ({ ruc: parseRuc(raw) }),
  async run(ctx) {
    const address = await ctx.lookup.fiscalAddress(ctx.args.ruc);
    await ctx.reply('domicilio', { ...address, ruc: ctx.args.ruc });
  },
});
