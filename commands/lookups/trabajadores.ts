import { rucCommand } from './ruc-command.js';

/** `trabajadores <RUC>`: workers declared per period (operation 9), latest period first. */
export const trabajadores = rucCommand({
  name: 'trabajadores',
  triggers: [{ parts: ['c:workers'] }],
  ignores: ['c:ruc'],
  summary: 'Trabajadores, pensionistas y prestadores declarados por periodo',
  examples: ['trabajadores 20123456786'],
  operation: 'workers',
  notFound: 'ruc-not-found',
  list: true,
  data: (periods, ruc) => ({
    ruc,
    periodos: [...periods].sort((a, b) => b.periodo.localeCompare(a.periodo)),
  }),
});
