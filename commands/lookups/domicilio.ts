import { rucCommand } from './ruc-command.js';

/** `domicilio <RUC>`: the fiscal address (operation 7). */
export const domicilio = rucCommand({
  name: 'domicilio',
  triggers: [{ parts: ['c:address'] }],
  ignores: ['c:ruc'],
  summary: 'Domicilio fiscal de un RUC',
  examples: ['domicilio 20123456786'],
  operation: 'fiscalAddress',
  data: (address, ruc) => ({ ...address, ruc }),
});
