import { defineCommand } from '../src/bot/command.js';

const examples = ['ruc 20123456786', 'ruc 10456789124'];

/** `ruc <RUC>`: the taxpayer's registry data (operation 6). */
export const ruc = defineCommand<{ ruc: string }>({
  name: 'ruc',
  triggers: [{ parts: ['c:ruc'] }, { parts: ['k:state-adjective=taxpayer'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  summary: 'Datos de un contribuyente: razón social, estado, condición y dirección',
  usage: 'ruc <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  async run(ctx) {
    const taxpayer = await ctx.lookup.ruc(ctx.args.ruc);
    await ctx.reply('ruc', { ...taxpayer });
  },
});
