import { defineCommand } from '../src/bot/command.js';
import { monthlyWatchCost } from '../src/watch/cost.js';
import { combine } from './lib/forms.js';
import { watchPort } from './lib/watch-args.js';

/** `vigilados`: the group's watch list with the latest state of each RUC. */
export const vigilados = defineCommand({
  name: 'vigilados',
  aliases: ['vigilancia', 'vigilando'],
  triggers: [
    { parts: ['k:list-word'] },
    { parts: ['k:question-word', 'c:ruc?', 'k:state-verb?', 'v*:watch'] },
  ],
  ignores: ['k:adverb', 'k:place-here'],
  // `qué estamos vigilando`, `qué rucs vigilas`, `rucs vigilados` (longer than `ruc`'s words).
  phrases: combine(
    ['', 'ruc', 'rucs', 'empresas', 'proveedores'],
    [
      'vigilados',
      'vigiladas',
      'vigilas',
      'vigilamos',
      'estas vigilando',
      'estamos vigilando',
      'en vigilancia',
      'monitoreados',
      'monitoreas',
    ],
  ).filter((phrase) => phrase !== 'vigilados'),
  fillers: ['ahora', 'ahorita', 'actualmente', 'hay'],
  summary: 'Lista los RUC vigilados en este grupo y su último estado',
  usage: 'vigilados',
  examples: ['vigilados'],
  access: 'everyone',
  argShape: 'none',
  parse: () => ({}),
  async run(ctx) {
    const port = watchPort(ctx);
    const settings = port.settings;
    const list = port.list(ctx.message.chatId);
    await ctx.reply('vigilados', {
      vigilados: list,
      maximo: settings.maxPerGroup,
      hora: settings.time,
      rucs: port.distinctCount(),
      costo: monthlyWatchCost(port.distinctCount(), settings.debtCheck),
      deuda: settings.debtCheck,
    });
  },
});
