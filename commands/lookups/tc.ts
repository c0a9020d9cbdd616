import { limaDate } from '../../src/time/lima.js';
import { lookupCommand } from './lookup-command.js';

/** `tc [fecha]`: the exchange rate (operation 14); today in Lima by default. */
export const tc = lookupCommand({
  name: 'tc',
  triggers: [{ parts: ['c:exchange-rate'] }],
  arg: 'fecha',
  slot: { grammar: 'date', optional: true },
  ignores: ['k:filler=exchange-rate', 'k:filler=date'],
  build: (slots, ctx) => ({ fecha: (slots['fecha'] as string | undefined) ?? limaDate(ctx.now) }),
  summary: 'Tipo de cambio del dólar (compra y venta) de hoy o de una fecha',
  usage: 'tc [fecha: 20/11/2026, 20/11, 20 de noviembre, hoy, ayer o el lunes]',
  examples: ['tc', 'tc 20/11/2026', 'tc ayer'],
  argShape: 'optional',
  operation: 'exchangeRate',
});
