import { defineCommand } from '../../src/bot/command.js';

const examples = ['dniruc 45678912'];

/** `dniruc <DNI>`: whether a DNI has a RUC (operation 2); "no RUC" is an answer, not an error. */
export const dniruc = defineCommand<{ dni: string }>({
  name: 'dniruc',
  triggers: [{ parts: ['name'] }, { parts: ['c:dni-ruc'] }],
  slots: { dni: { grammar: 'dni', missing: 'dni-missing' } },
  ignores: ['c:dni'],
  summary: 'Dice si un DNI tiene RUC y cuál es',
  usage: 'dniruc <8 dígitos>',
  examples,
  access: 'everyone',
  personalData: true,
  argShape: 'required',
  async run(ctx) {
    const result = await ctx.lookup.dniRuc(ctx.args.dni);
    if (result.hasRuc) await ctx.reply('dniruc-si', { dni: ctx.args.dni, ruc: result.ruc });
    else await ctx.reply('dniruc-no', { dni: ctx.args.dni });
  },
});
