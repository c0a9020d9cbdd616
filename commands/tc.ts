import { limaDate } from '../src/time/lima.js';
import { defineCommand } from '../src/bot/command.js';
import { looksLikeSpokenDate } from '../src/input/date-words.js';
import { parseDate } from '../src/input/dates.js';
import { parseScheduleSpec } from '../src/scheduler/schedule-spec.js';
import { chatKey, isQuotedValue } from '../src/text/phrasing.js';

/** Words that make a time a repeating one: `todos los días`, `cada mañana`, `diario`. */
const RECURRENCE = new Set(['todos', 'cada', 'diario', 'diariamente', 'habiles', 'siempre', 'mensual']);

/**
 * `manda el tc todos los días a las 8`: a recurring time is a schedule (`programar tc …`), not a
 * date; a one-off time (`tc 20/11 a las 3pm`) stays a date.
 */
function scheduleOf(args: string): { command: string; rawArgs: string } | undefined {
  if (!args.split(' ').some((word) => RECURRENCE.has(chatKey(word)))) return undefined;
  try {
    parseScheduleSpec(args);
  } catch {
    return undefined;
  }
  return { command: 'programar', rawArgs: `tc ${args}` };
}

const examples = ['tc', 'tc 20/11/2026', 'tc ayer'];

/** `tc [fecha]`: the exchange rate (operation 14); today in Lima by default. */
export const tc = defineCommand({
  name: 'tc',
  aliases: ['tipodecambio', 'tipocambio'],
  triggers: [{ parts: ['c:exchange-rate'] }],
  slots: { fecha: { grammar: 'date', optional: true } },
  ignores: ['k:filler=exchange-rate'],
  build: (slots, ctx) => ({ fecha: (slots['fecha'] as string | undefined) ?? limaDate(ctx.now) }),
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
  handOff: scheduleOf,
  parse: (raw, ctx) => ({ fecha: parseDate(raw, ctx.now()) }),
  async run(ctx) {
    const rate = await ctx.lookup.exchangeRate(ctx.args.fecha);
    await ctx.reply('tc', { ...rate });
  },
});
