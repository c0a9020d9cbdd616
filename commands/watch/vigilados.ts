import { defineCommand } from '../../src/bot/command.js';
import { monthlyWatchCost } from './cost.js';
import { commandSources, inRegister } from './vigilar.js';
import { watchPort } from './watch-args.js';

/** `vigilados`: the group's watch list with the latest state of each RUC. */
export const vigilados = defineCommand({
  name: 'vigilados',
  triggers: [
    { parts: ['k:list-word'] },
    { parts: ['k:question-word', 'c:ruc?', 'k:state-verb?', 'v*:watch'] },
    { parts: ['k:question-word', 'k:person-noun', 'k:state-verb?', 'v*:watch'] },
  ],
  ignores: ['k:adverb', 'k:place-here'],
  summary: 'Lista los RUC vigilados en este grupo y su último estado',
  usage: 'vigilados',
  examples: ['vigilados'],
  access: 'everyone',
  argShape: 'none',
  async run(ctx) {
    const port = watchPort(ctx);
    const settings = port.settings;
    const list = port.list(ctx.message.chatId);
    const free = inRegister(
      commandSources(ctx, port),
      list.map((item) => item.ruc),
    );
    await ctx.reply('vigilados', {
      vigilados: list,
      maximo: settings.maxPerGroup,
      hora: settings.time,
      // This group's own RUCs only: how many other groups watch is theirs to know.
      costo: monthlyWatchCost(list.length, settings.debtCheck, free, settings.flagsCheck),
      deuda: settings.debtCheck,
      agentes: settings.flagsCheck,
      del_padron: free,
    });
  },
});
