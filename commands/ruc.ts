import { defineCommand } from '../src/bot/command.js';
import { tokens } from '../src/input/args.js';
import { parseRuc } from '../src/input/ruc.js';
import { chatKey } from '../src/text/phrasing.js';

/**
 * `ruc de la persona con dni 45678912`, `¿tiene ruc el dni 45678912?`: a DNI named as such, and
 * no RUC, asks whether that person has a RUC (`dniruc`), not for a RUC of 8 digits.
 */
function dniAsked(args: string): { command: string; rawArgs: string } | undefined {
  const words = tokens(args);
  const dni = words.filter((word) => /^\d{8}$/u.test(word));
  if (dni.length !== 1 || !words.some((word) => chatKey(word) === 'dni')) return undefined;
  if (words.some((word) => /\d{9,}/u.test(word.replace(/[.-]/gu, '')))) return undefined;
  return { command: 'dniruc', rawArgs: dni[0] ?? '' };
}

const examples = ['ruc 20123456786', 'ruc 10456789124'];

/** `ruc <RUC>`: the taxpayer's registry data (operation 6). */
export const ruc = defineCommand({
  name: 'ruc',
  aliases: [],
  triggers: [{ parts: ['c:ruc'] }],
  slots: { ruc: { grammar: 'ruc', missing: 'ruc-missing' } },
  phrases: ['rucs', 'buscar ruc', 'busca ruc'],
  summary: 'Datos de un contribuyente: razón social, estado, condición y dirección',
  usage: 'ruc <número de RUC>',
  examples,
  access: 'everyone',
  argShape: 'required',
  handOff: dniAsked,
  parse: (raw) => ({ ruc: parseRuc(raw) }),
  async run(ctx) {
    const taxpayer = await ctx.lookup.ruc(ctx.args.ruc);
    await ctx.reply('ruc', { ...taxpayer });
  },
});
