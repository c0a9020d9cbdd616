import { defineCommand } from '../src/bot/command.js';
import { looksLikeForeignDoc, parseForeignDoc } from '../src/domain/identity.js';
import { withExample } from './lib/parse.js';
import { rejectedAsNotFound } from './lib/rejected.js';

const examples = ['ce 001234567'];

/** `ce <número>`: a foreign document holder's name (operation 3). Personal data. */
export const ce = defineCommand({
  name: 'ce',
  aliases: ['carnet'],
  phrases: ['carnet de extranjeria', 'carne de extranjeria', 'carnet extranjeria'],
  summary: 'Nombre de un extranjero por su carné de extranjería',
  usage: 'ce <número>',
  examples,
  access: 'everyone',
  personalData: true,
  // 'text': without a prefix or mention only looksLikeForeignDoc makes it a lookup (>= 6 characters).
  argShape: 'text',
  isAttempt: looksLikeForeignDoc,
  parse: (raw) => ({ numero: withExample(examples[0], () => parseForeignDoc(raw, 'CE')) }),
  async run(ctx) {
    const { numero } = ctx.args;
    const person = await rejectedAsNotFound(ctx.lookup.ce(numero), 'foreign-doc-not-found', {
      tipo: 'CE',
      numero,
    });
    await ctx.reply('ce', { ...person });
  },
});
