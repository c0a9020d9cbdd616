import { defineCommand } from '../../src/bot/command.js';
import { senderKey } from '../../src/bot/guards.js';
import { batchPort, executeBatch, pendingCost, withinBudget } from './batch.js';
import { BATCH } from './port.js';

/**
 * `sí`: confirms the sender's pending `lote` in this chat (within `batch.confirmMinutes`). Without
 * one pending it stays silent: "sí" is everyday chatter.
 */
export const si = defineCommand({
  name: 'si',
  triggers: [{ parts: ['k:affirmation'] }],
  summary: 'Confirma un lote grande que pidió confirmación',
  usage: 'sí',
  examples: ['sí'],
  access: 'everyone',
  argShape: 'none',
  async run(ctx) {
    const port = ctx.services.registry.get(BATCH);
    const pending = port?.take(ctx.message.chatId, senderKey(ctx.message), ctx.now());
    if (!port || !pending) return;
    if (!(await withinBudget(ctx, pendingCost(ctx, port, pending)))) return;
    await executeBatch(ctx, batchPort(ctx), pending);
  },
});
