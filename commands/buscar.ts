import { defineCommand } from '../src/bot/command.js';
import { looksLikeCompanySearch, parseSearchText } from '../src/input/search.js';
import { listData } from './lib/reply-data.js';

const examples = ['buscar "transportes andinos"', '/buscar los alamos', 'buscar comercial pachacamac s.a.'];

/**
 * `buscar <razón social>`: company search by name (operation 11). Free text, so in groups it needs
 * a prefix or mention, unless the text is quoted or carries a legal form (S.A.C., E.I.R.L., ...).
 */
export const buscar = defineCommand({
  name: 'buscar',
  aliases: ['razon', 'razonsocial'],
  triggers: [{ parts: ['v:search'] }, { parts: ['c:company-name'] }],
  slots: { texto: { grammar: 'company-name', missing: 'search-missing' } },
  summary: 'Busca empresas por nombre o razón social',
  usage: 'buscar <nombre o razón social>',
  examples,
  access: 'everyone',
  argShape: 'text',
  literalArgs: true,
  isAttempt: looksLikeCompanySearch,
  parse: (raw) => ({ texto: parseSearchText(raw) }),
  async run(ctx) {
    const hits = await ctx.lookup.searchCompany(ctx.args.texto);
    await ctx.reply('buscar', listData(ctx, { texto: ctx.args.texto, resultados: hits }));
  },
});
