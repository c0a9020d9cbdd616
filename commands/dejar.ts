import { watchPort } from './lib/watch-args.js';
import { defineCommand } from '../src/bot/command.js';

/**
 * `dejar de vigilar <ruc>`: removes a RUC from this group's watch list (others keep theirs); the
 * same people as `vigilar` (owners and the group's admins) decide what the group pays to watch.
 */
export const dejar = defineCommand<{ ruc: string }>({
  name: 'dejar',
  triggers: [
    { parts: ['stop:watch'] },
    { parts: ['not:watch'] },
    { parts: ['not:notify'] },
    { parts: ['v:remove'], needs: 'k:list-word' },
    { parts: ['v:stop'] },
  ],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc', 'k:list-word', 'k:adverb'],
  summary: 'Deja de vigilar un RUC en este grupo',
  usage: 'dejar de vigilar <RUC>',
  examples: ['dejar de vigilar 20601234565', 'deja de vigilar el ruc 20601234565'],
  access: 'groupAdmin',
  argShape: 'required',
  async run(ctx) {
    const port = watchPort(ctx);
    const removed = port.remove(ctx.message.chatId, ctx.args.ruc);
    await ctx.reply(removed ? 'vigilar-quitado' : 'vigilar-no-estaba', { ruc: ctx.args.ruc });
  },
});
