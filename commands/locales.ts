import { defineCommand } from '../src/bot/command.js';
import { parseRuc } from '../src/input/ruc.js';
import { listData } from './lib/reply-data.js';

const examples = ['locales 20123456786'];

/** `locales <RUC>`: the taxpayer's establishments (operation 8), cut at maxListItems. */
export const locales = defineCommand({
  name: 'locales',
  aliases: ['establecimientos', 'sucursales'],
  triggers: [{ parts: ['c:establishments'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc'],
  phrases: ['locales anexos', 'anexos', 'sucursal', 'establecimientos anexos'],
  fillers: ['ruc', 'del ruc'],
  summary: 'Establecimientos (locales anexos) de un RUC',
  usage: 'locales <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  parse: (raw) => ({ ruc: parseRuc(raw) }),
  async run(ctx) {
    const list = await ctx.lookup.establishments(ctx.args.ruc);
    await ctx.reply('locales', listData(ctx, { ruc: ctx.args.ruc, locales: list }));
  },
});
