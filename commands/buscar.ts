import { defineCommand } from '../src/bot/command.js';
import { listData } from './lib/reply-data.js';

const examples = ['buscar "transportes andinos"', '/buscar los alamos', 'buscar comercial pachacamac s.a.'];

/**
 * `buscar <razón social>`: company search by name (operation 11). Free text, so in groups it needs
 * a prefix or mention, unless the text is quoted or carries a legal form (S.A.C., E.I.R.L., ...).
 */
export const buscar = defineCommand<{ texto: string }>({
  name: 'buscar',
  triggers: [{ parts: ['v:search'] }, { parts: ['c:company-name'] }],
  slots: { texto: { grammar: 'company-name', missing: 'search-missing' } },
  // The API compares names in capitals; the grammar keeps them as written.
  build: (slots) => ({ texto: String(slots['texto']).toUpperCase() }),
  summary: 'Busca empresas por nombre o razón social',
  usage: 'buscar <nombre o razón social>',
  examples,
  access: 'everyone',
  argShape: 'text',
  async run(ctx) {
    const hits = await ctx.lookup.searchCompany(ctx.args.texto);
    await ctx.reply('buscar', listData(ctx, { texto: ctx.args.texto, resultados: hits }));
  },
});
