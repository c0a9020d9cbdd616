import { defineCommand } from '../src/bot/command.js';

const examples = ['dni 45678912'];

/** `dni <DNI>`: the person's registry data (operation 1). Personal data. */
export const dni = defineCommand<{ dni: string }>({
  name: 'dni',
  triggers: [{ parts: ['c:dni'] }],
  slots: { dni: { grammar: 'dni', missing: 'dni-missing' } },
  summary: 'Nombre y dirección de una persona por su DNI',
  usage: 'dni <8 dígitos>',
  examples,
  access: 'everyone',
  personalData: true,
  argShape: 'required',
  async run(ctx) {
    const person = await ctx.lookup.dni(ctx.args.dni);
    await ctx.reply('dni', { ...person });
  },
});
