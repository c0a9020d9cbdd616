import { defineCommand } from '../src/bot/command.js';

const examples = ['domicilio 20123456786'];

/** `domicilio <RUC>`: the fiscal address (operation 7). */
export const domicilio = defineCommand<{ ruc: string }>({
  name: 'domicilio',
  triggers: [{ parts: ['c:address'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc'],
  summary: 'Domicilio fiscal de un RUC',
  usage: 'domicilio <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  async run(ctx) {
    const address = await ctx.lookup.fiscalAddress(ctx.args.ruc);
    await ctx.reply('domicilio', { ...address, ruc: ctx.args.ruc });
  },
});
