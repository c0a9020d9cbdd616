import { limaDate } from '../src/time/lima.js';
import { defineCommand } from '../src/bot/command.js';

const examples = ['tc', 'tc 20/11/2026', 'tc ayer'];

/** `tc [fecha]`: the exchange rate (operation 14); today in Lima by default. */
export const tc = defineCommand<{ fecha: string }>({
  name: 'tc',
  triggers: [{ parts: ['c:exchange-rate'] }],
  slots: { fecha: { grammar: 'date', optional: true } },
  ignores: ['k:filler=exchange-rate', 'k:filler=date'],
  build: (slots, ctx) => ({ fecha: (slots['fecha'] as string | undefined) ?? limaDate(ctx.now) }),
  summary: 'Tipo de cambio del dólar (compra y venta) de hoy o de una fecha',
  usage: 'tc [fecha: 20/11/2026, 20/11, 20 de noviembre, hoy, ayer o el lunes]',
  examples,
  access: 'everyone',
  argShape: 'optional',
  async run(ctx) {
    const rate = await ctx.lookup.exchangeRate(ctx.args.fecha);
    await ctx.reply('tc', { ...rate });
  },
});
