import { defineCommand } from '../src/bot/command.js';
import { senderKey } from '../src/bot/guards.js';
import { startBatch } from './lib/batch.js';

/**
 * `lote <lista>` / `verificar <lista>`, or a .txt/.csv/.xlsx sent with the caption `lote`: checks
 * up to `batch.maxEntries` RUCs/DNIs and answers with an Excel workbook and a summary.
 */
export const lote = defineCommand({
  name: 'lote',
  triggers: [{ parts: ['c:batch'] }, { parts: ['v:verify'] }],
  slots: { lista: { grammar: 'id-list', optional: true } },
  ignores: ['c:ruc', 'c:dni', 'k:demonstrative'],
  summary: 'Verifica una lista de RUC/DNI (pegada o en .txt, .csv, .xlsx) y responde con un Excel',
  usage: 'lote <RUC o DNI, uno por línea> (o un archivo con la leyenda "lote")',
  examples: ['lote 20123456786 20601234565', 'verificar estos ruc: 20123456786, 20601234565'],
  access: 'everyone',
  argShape: 'optional',
  async run(ctx) {
    await startBatch(ctx, senderKey(ctx.message));
  },
});
