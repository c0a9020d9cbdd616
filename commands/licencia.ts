import { defineCommand } from '../src/bot/command.js';
import { limaDate, toIsoDate } from '../src/time/lima.js';
import { rejectedAsNotFound } from './lib/rejected.js';

const examples = ['licencia 41234567', 'licencia Q70123456'];

/** `licencia <DNI>`: the driving licence (operation 12), flagged when expired. Personal data. */
export const licencia = defineCommand<{ dni: string }>({
  name: 'licencia',
  triggers: [{ parts: ['c:licence'] }],
  slots: { dni: { grammar: 'licence', missing: 'dni-missing' } },
  ignores: ['c:dni'],
  summary: 'Licencia de conducir de una persona: categoría, estado y vencimiento',
  usage: 'licencia <DNI o número de licencia>',
  examples,
  access: 'everyone',
  personalData: true,
  argShape: 'required',
  async run(ctx) {
    const { dni } = ctx.args;
    const licence = await rejectedAsNotFound(ctx.lookup.licence(dni), 'licence-not-found', { dni });
    const expires = toIsoDate(licence.licencia.fecha_vencimiento);
    const vencida = expires !== undefined && expires < limaDate(ctx.now());
    await ctx.reply('licencia', { ...licence, vencida });
  },
});
