import { defineCommand } from '../src/bot/command.js';
import { tokens } from '../src/input/args.js';
import { fold } from '../src/text/fold.js';
import { parseDate } from '../src/input/dates.js';

const examples = ['tc', 'tc 20/11/2026', 'tc ayer'];

/**
 * Besides the default rule (nothing, or a date with no words after it), `tc hoy`, `tc ayer` and
 * `tc anteayer` alone are requests; `tc hoy no llego` is chatter.
 */
function isDateAttempt(raw: string): boolean {
  const words = tokens(raw);
  return words.length === 1 && ['hoy', 'ayer', 'anteayer'].includes(fold(words[0] ?? ''));
}

/** `tc [fecha]`: the exchange rate (operation 14); today in Lima by default. */
export const tc = defineCommand({
  name: 'tc',
  aliases: ['tipodecambio', 'tipocambio'],
  summary: 'Tipo de cambio del dólar (compra y venta) de hoy o de una fecha',
  usage: 'tc [fecha: 20/11/2026, 20/11, 2026-11-20, hoy o ayer]',
  examples,
  access: 'everyone',
  argShape: 'optional',
  isAttempt: isDateAttempt,
  parse: (raw, ctx) => ({ fecha: parseDate(raw, ctx.now()) }),
  async run(ctx) {
    const rate = await ctx.lookup.exchangeRate(ctx.args.fecha);
    await ctx.reply('tc', { ...rate });
  },
});
