import { defineCommand } from '../src/bot/command.js';
import { combine } from './lib/forms.js';
import {
  isUnlistedForm,
  isWatchAttempt,
  parseWatchArgs,
  REMOVE_FROM_LIST,
  watchPort,
} from './lib/watch-args.js';

/**
 * `dejar de vigilar <ruc>`: removes a RUC from this group's watch list (others keep theirs); the
 * same people as `vigilar` (owners and the group's admins) decide what the group pays to watch.
 */
export const dejar = defineCommand({
  name: 'dejar',
  // `deja` stays an alias: `deja de responder aquí` is longer (desactivar's) and `deja de mandar
  // el tc` names no RUC, so it stays silent.
  aliases: ['deja', 'desvigilar', 'dejen'],
  triggers: [
    { parts: ['stop:watch'] },
    { parts: ['not:watch'] },
    { parts: ['not:notify'] },
    { parts: ['v:remove'], needs: 'k:list-word' },
    { parts: ['v:stop'] },
  ],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc', 'k:list-word', 'k:adverb'],
  phrases: [
    'desvigila',
    ...combine(
      ['ya no', 'no'],
      ['vigiles', 'sigas vigilando', 'monitorees', 'me avises', 'nos avises', 'avises'],
      ['', 'mas'],
    ),
    ...combine(['para', 'parar', 'paren', 'dejar', 'dejen'], ['de vigilar', 'de monitorear']),
    // Generic verbs only with the list named: `quita el ruc … de vigilados`.
    ...REMOVE_FROM_LIST,
  ],
  summary: 'Deja de vigilar un RUC en este grupo',
  usage: 'dejar de vigilar <RUC>',
  examples: ['dejar de vigilar 20601234565', 'deja de vigilar el ruc 20601234565'],
  access: 'groupAdmin',
  argShape: 'required',
  isAttempt: isWatchAttempt,
  // Not a statement, but the same silence: `quita el ruc …` without the list may be for an invoice.
  isStatement: isUnlistedForm,
  parse: (raw) => ({ ruc: parseWatchArgs(raw).ruc }),
  async run(ctx) {
    const port = watchPort(ctx);
    const removed = port.remove(ctx.message.chatId, ctx.args.ruc);
    await ctx.reply(removed ? 'vigilar-quitado' : 'vigilar-no-estaba', { ruc: ctx.args.ruc });
  },
});
