import { defineCommand } from '../src/bot/command.js';
import { looksLikeDniWithCheck, parseDni } from '../src/input/dni.js';

const examples = ['dniruc 45678912'];

/** `dniruc <DNI>`: whether a DNI has a RUC (operation 2); "no RUC" is an answer, not an error. */
export const dniruc = defineCommand({
  name: 'dniruc',
  aliases: ['dni-ruc'],
  triggers: [{ parts: ['name'] }, { parts: ['c:dni-ruc'] }],
  slots: { dni: { grammar: 'dni', missing: 'dni-missing' } },
  ignores: ['c:dni'],
  phrases: ['dni ruc', 'ruc del dni', 'ruc de dni', 'ruc dni'],
  summary: 'Dice si un DNI tiene RUC y cuál es',
  usage: 'dniruc <8 dígitos>',
  examples,
  access: 'everyone',
  personalData: true,
  argShape: 'required',
  isAttempt: looksLikeDniWithCheck,
  parse: (raw) => ({ dni: parseDni(raw) }),
  async run(ctx) {
    const result = await ctx.lookup.dniRuc(ctx.args.dni);
    if (result.hasRuc) await ctx.reply('dniruc-si', { dni: ctx.args.dni, ruc: result.ruc });
    else await ctx.reply('dniruc-no', { dni: ctx.args.dni });
  },
});
