import { defineCommand } from '../src/bot/command.js';
import { looksLikeForeignDoc, parseForeignDoc } from '../src/domain/identity.js';
import { withExample } from './lib/parse.js';
import { rejectedAsNotFound } from './lib/rejected.js';

const examples = ['ci 12345678901'];

/** `ci <número>`: a foreign document holder's name (operation 5). Personal data. */
export const ci = defineCommand({
  name: 'ci',
  aliases: ['cedula'],
  phrases: ['cedula de identidad', 'cedulas'],
  summary: 'Nombre de una persona por su cédula de identidad',
  usage: 'ci <número>',
  examples,
  access: 'everyone',
  personalData: true,
  // 'text': without a prefix or mention only looksLikeForeignDoc makes it a lookup (>= 6 characters).
  argShape: 'text',
  isAttempt: looksLikeForeignDoc,
  parse: (raw) => ({ numero: withExample(examples[0], () => parseForeignDoc(raw, 'CI')) }),
  async run(ctx) {
    const { numero } = ctx.args;
    const person = await rejectedAsNotFound(ctx.lookup.ci(numero), 'foreign-doc-not-found', {
      tipo: 'CI',
      numero,
    });
    await ctx.reply('ci', { ...person });
  },
});
