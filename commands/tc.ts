import { defineCommand } from '../src/bot/command.js';
import { looksLikeSpokenDate } from '../src/input/date-words.js';
import { parseDate } from '../src/input/dates.js';
import { isQuotedValue } from '../src/text/phrasing.js';

const examples = ['tc', 'tc 20/11/2026', 'tc ayer'];

/** `tc [fecha]`: the exchange rate (operation 14); today in Lima by default. */
export const tc = defineCommand({
  name: 'tc',
  aliases: ['tipodecambio', 'tipocambio'],
  phrases: [
    'tipo de cambio',
    'tipo d cambio',
    'tipo cambio',
    'tipo de canbio',
    'tipos de cambio',
    't/c',
    'tcambio',
    'dolar',
    'precio del dolar',
    'cambio del dolar',
    'valor del dolar',
  ],
  fillers: ['sunat', 'sbs', 'oficial', 'compra', 'venta', 'dolar', 'usd', 'dia', 'actual', 'vigente'],
  summary: 'Tipo de cambio del dólar (compra y venta) de hoy o de una fecha',
  usage: 'tc [fecha: 20/11/2026, 20/11, 20 de noviembre, hoy, ayer o el lunes]',
  examples,
  access: 'everyone',
  argShape: 'optional',
  // `tc 3.79`, `TC: 3.7120`: someone quoting a rate, not asking for one.
  isStatement: isQuotedValue,
  // Besides the default rule (a date with no words after it), any whole spoken date: `tc ayer`,
  // `tc el lunes`, `tc hace 2 días`, `tc 20/11 a las 3pm`; a line with other words is a remark.
  isAttempt: looksLikeSpokenDate,
  parse: (raw, ctx) => ({ fecha: parseDate(raw, ctx.now()) }),
  async run(ctx) {
    const rate = await ctx.lookup.exchangeRate(ctx.args.fecha);
    await ctx.reply('tc', { ...rate });
  },
});
