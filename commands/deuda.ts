import { defineCommand } from '../src/bot/command.js';
import { toNumber } from '../src/render/format.js';
import { rejectedAsNotFound } from './lib/rejected.js';
import { listData } from './lib/reply-data.js';

const examples = ['deuda 20123456786'];

/** Sum of `monto` texts in cents, so 0.1 + 0.2 stays exact. */
function totalOf(amounts: readonly string[]): number {
  const cents = amounts.reduce((sum, amount) => sum + Math.round((toNumber(amount) ?? 0) * 100), 0);
  return cents / 100;
}

/** `deuda <RUC>`: coercive-collection debts (operation 10) with their total. */
export const deuda = defineCommand<{ ruc: string }>({
  name: 'deuda',
  triggers: [{ parts: ['c:debt'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  ignores: ['c:ruc'],
  summary: 'Deuda en cobranza coactiva de un RUC',
  usage: 'deuda <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  async run(ctx) {
    const { ruc } = ctx.args;
    const debts = await rejectedAsNotFound(ctx.lookup.coerciveDebt(ruc), 'ruc-not-found', { ruc });
    const total = totalOf(debts.map((d) => d.monto));
    await ctx.reply('deuda', listData(ctx, { ruc, deudas: debts, total }));
  },
});
