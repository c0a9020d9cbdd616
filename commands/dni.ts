import { defineCommand } from '../src/bot/command.js';
import { looksLikeDniWithCheck, parseDni } from '../src/input/dni.js';

const examples = ['dni 45678912'];

/** `dni <DNI>`: the person's registry data (operation 1). Personal data. */
export const dni = defineCommand({
  name: 'dni',
  aliases: [],
  phrases: ['dnis'],
  summary: 'Nombre y dirección de una persona por su DNI',
  usage: 'dni <8 dígitos>',
  examples,
  access: 'everyone',
  personalData: true,
  argShape: 'required',
  isAttempt: looksLikeDniWithCheck,
  parse: (raw) => ({ dni: parseDni(raw) }),
  async run(ctx) {
    const person = await ctx.lookup.dni(ctx.args.dni);
    await ctx.reply('dni', { ...person });
  },
});
