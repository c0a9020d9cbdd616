import { defineCommand } from '../src/bot/command.js';
import { rejectedAsNotFound } from './lib/rejected.js';
import { listData } from './lib/reply-data.js';

const examples = ['trabajadores 20123456786'];

/** `trabajadores <RUC>`: workers declared per period (operation 9), latest period first. */
export const trabajadores = defineCommand<{ ruc: string }>({
  name: 'trabajadores',
  triggers: [{ parts: ['c:workers'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc'],
  summary: 'Trabajadores, pensionistas y prestadores declarados por periodo',
  usage: 'trabajadores <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  async run(ctx) {
    const { ruc } = ctx.args;
    const periods = await rejectedAsNotFound(ctx.lookup.workers(ruc), 'ruc-not-found', { ruc });
    const latestFirst = [...periods].sort((a, b) => b.periodo.localeCompare(a.periodo));
    await ctx.reply('trabajadores', listData(ctx, { ruc, periodos: latestFirst }));
  },
});
