import { toNumber } from '../../src/render/format.js';
import { rucCommand } from './ruc-command.js';

/** Sum of `monto` texts in cents, so 0.1 + 0.2 stays exact. */
function totalOf(amounts: readonly string[]): number {
  const cents = amounts.reduce((sum, amount) => sum + Math.round((toNumber(amount) ?? 0) * 100), 0);
  return cents / 100;
}

/** `deuda <RUC>`: coercive-collection debts (operation 10) with their total. */
export const deuda = rucCommand({
  name: 'deuda',
  triggers: [{ parts: ['c:debt'] }],
  ignores: ['c:ruc'],
  summary: 'Deuda en cobranza coactiva de un RUC',
  examples: ['deuda 20123456786'],
  operation: 'coerciveDebt',
  notFound: 'ruc-not-found',
  list: true,
  data: (debts, ruc) => ({ ruc, deudas: debts, total: totalOf(debts.map((d) => d.monto)) }),
});
