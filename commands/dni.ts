import { defineCommand } from '../src/bot/command.js';
import { tokens } from '../src/input/args.js';
import { looksLikeDniWithCheck, parseDni } from '../src/input/dni.js';
import { chatKey } from '../src/text/phrasing.js';

/** `dni 41234567 tiene ruc?`, `¿el señor con dni 41234567 tiene ruc?`: whether that DNI has a RUC. */
function rucAsked(args: string): { command: string; rawArgs: string } | undefined {
  const words = tokens(args);
  const dni = words.filter((word) => /^\d{8}$/u.test(word));
  if (dni.length !== 1 || !words.some((word) => chatKey(word) === 'ruc')) return undefined;
  return { command: 'dniruc', rawArgs: dni[0] ?? '' };
}

const examples = ['dni 45678912'];

/** `dni <DNI>`: the person's registry data (operation 1). Personal data. */
export const dni = defineCommand({
  name: 'dni',
  aliases: [],
  triggers: [{ parts: ['c:dni'] }],
  slots: { dni: { grammar: 'dni', missing: 'dni-missing' } },
  phrases: ['dnis'],
  summary: 'Nombre y dirección de una persona por su DNI',
  usage: 'dni <8 dígitos>',
  examples,
  access: 'everyone',
  personalData: true,
  argShape: 'required',
  isAttempt: looksLikeDniWithCheck,
  handOff: rucAsked,
  parse: (raw) => ({ dni: parseDni(raw) }),
  async run(ctx) {
    const person = await ctx.lookup.dni(ctx.args.dni);
    await ctx.reply('dni', { ...person });
  },
});
