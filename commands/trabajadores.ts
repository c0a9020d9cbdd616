import { defineCommand } from '../src/bot/command.js';
import { parseRuc } from '../src/input/ruc.js';
import { rejectedAsNotFound } from './lib/rejected.js';
import { listData } from './lib/reply-data.js';

const examples = ['trabajadores 20123456786'];

/** `trabajadores <RUC>`: workers declared per period (operation 9), latest period first. */
export const trabajadores = defineCommand({
  name: 'trabajadores',
  aliases: ['planilla'],
  triggers: [{ parts: ['c:workers'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc'],
  phrases: ['cantidad de trabajadores', 'planillas'],
  fillers: ['ruc', 'del ruc'],
  summary: 'Trabajadores, pensionistas y prestadores declarados por periodo',
  usage: 'trabajadores <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  parse: (raw) => ({ ruc: parseRuc(raw) }),
  async run(ctx) {
    const { ruc } = ctx.args;
    const periods = await rejectedAsNotFound(ctx.lookup.workers(ruc), 'ruc-not-found', { ruc });
    const latestFirst = [...periods].sort((a, b) => b.periodo.localeCompare(a.periodo));
    await ctx.reply('trabajadores', listData(ctx, { ruc, periodos: latestFirst }));
  },
});
