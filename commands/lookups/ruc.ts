import { rucCommand } from './ruc-command.js';

/** `ruc <RUC>`: the taxpayer's registry data (operation 6). */
export const ruc = rucCommand({
  name: 'ruc',
  triggers: [{ parts: ['c:ruc'] }, { parts: ['k:state-adjective=taxpayer'] }],
  summary: 'Datos de un contribuyente: razón social, estado, condición y dirección',
  examples: ['ruc 20123456786', 'ruc 10456789124'],
  operation: 'ruc',
});
