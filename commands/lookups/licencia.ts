import { limaDate, toIsoDate } from '../../src/time/lima.js';
import { lookupCommand } from './lookup-command.js';

/** `licencia <DNI>`: the driving licence (operation 12), flagged when expired. Personal data. */
export const licencia = lookupCommand({
  name: 'licencia',
  triggers: [{ parts: ['c:licence'] }],
  arg: 'dni',
  slot: { grammar: 'licence', missing: 'dni-missing' },
  ignores: ['c:dni'],
  summary: 'Licencia de conducir de una persona: categoría, estado y vencimiento',
  usage: 'licencia <DNI o número de licencia>',
  examples: ['licencia 41234567', 'licencia Q70123456'],
  personalData: true,
  argShape: 'required',
  operation: 'licence',
  notFound: 'licence-not-found',
  data: (licence, _dni, ctx) => {
    const expires = toIsoDate(licence.licencia.fecha_vencimiento);
    const vencida = expires !== undefined && expires < limaDate(ctx.now());
    return { ...licence, vencida };
  },
});
