import { lookupCommand } from './lookup-command.js';

/**
 * `placa <placa>`: vehicle data (operation 13). The API answers an unknown plate with a bare
 * "Bad Request", so a rejection of a well-formed plate is told as "no se encontró la placa".
 */
export const placa = lookupCommand({
  name: 'placa',
  triggers: [{ parts: ['c:plate'] }],
  arg: 'placa',
  slot: { grammar: 'plate', missing: 'plate-missing' },
  ignores: ['c:vehicle'],
  summary: 'Marca, modelo y color de un vehículo por su placa',
  usage: 'placa <placa>',
  examples: ['placa ABC-123', 'placa B7X456'],
  argShape: 'required',
  operation: 'vehicle',
  notFound: 'plate-not-found',
});
