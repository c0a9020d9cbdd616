import { lookupCommand } from './lookup-command.js';

/**
 * `buscar <razón social>`: company search by name (operation 11). Free text, so in groups it needs
 * a prefix or mention, unless the text is quoted or carries a legal form (S.A.C., E.I.R.L., ...).
 */
export const buscar = lookupCommand({
  name: 'buscar',
  triggers: [{ parts: ['v:search'] }, { parts: ['c:company-name'] }],
  arg: 'texto',
  slot: { grammar: 'company-name', missing: 'search-missing' },
  // The API compares names in capitals; the grammar keeps them as written.
  build: (slots) => ({ texto: String(slots['texto']).toUpperCase() }),
  summary: 'Busca empresas por nombre o razón social',
  usage: 'buscar <nombre o razón social>',
  examples: ['buscar "transportes andinos"', '/buscar los alamos', 'buscar comercial pachacamac s.a.'],
  argShape: 'text',
  operation: 'searchCompany',
  list: true,
  data: (hits, texto) => ({ texto, resultados: hits }),
});
