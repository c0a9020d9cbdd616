import { rucCommand } from './ruc-command.js';

/** `locales <RUC>`: the taxpayer's establishments (operation 8), cut at maxListItems. */
export const locales = rucCommand({
  name: 'locales',
  triggers: [{ parts: ['c:establishments'] }],
  ignores: ['c:ruc'],
  summary: 'Establecimientos (locales anexos) de un RUC',
  examples: ['locales 20123456786'],
  operation: 'establishments',
  list: true,
  data: (list, ruc) => ({ ruc, locales: list }),
});
