import { defineCommand } from '../src/bot/command.js';
import { listData } from './lib/reply-data.js';

const examples = ['locales 20123456786'];

/** `locales <RUC>`: the taxpayer's establishments (operation 8), cut at maxListItems. */
export const locales = defineCommand<{ ruc: string }>({
  name: 'locales',
  triggers: [{ parts: ['c:establishments'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc'],
  summary: 'Establecimientos (locales anexos) de un RUC',
  usage: 'locales <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  async run(ctx) {
    const list = await ctx.lookup.establishments(ctx.args.ruc);
    await ctx.reply('locales', listData(ctx, { ruc: ctx.args.ruc, locales: list }));
  },
});
