import { defineCommand } from '../src/bot/command.js';
import { rejectedAsNotFound } from './lib/rejected.js';

const examples = ['placa ABC-123', 'placa B7X456'];

/**
 * `placa <placa>`: vehicle data (operation 13). The API answers an unknown plate with a bare
 * "Bad Request", so a rejection of a well-formed plate is told as "no se encontró la placa".
 */
export const placa = defineCommand<{ placa: string }>({
  name: 'placa',
  triggers: [{ parts: ['c:plate'] }],
  slots: { placa: { grammar: 'plate', missing: 'plate-missing' } },
  ignores: ['c:vehicle'],
  summary: 'Marca, modelo y color de un vehículo por su placa',
  usage: 'placa <placa>',
  examples,
  access: 'everyone',
  argShape: 'required',
  async run(ctx) {
    const { placa } = ctx.args;
    const vehicle = await rejectedAsNotFound(ctx.lookup.vehicle(placa), 'plate-not-found', { placa });
    await ctx.reply('placa', { ...vehicle });
  },
});
