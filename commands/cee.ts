import { defineCommand } from '../src/bot/command.js';
import { looksLikeForeignDoc, parseForeignDoc } from '../src/input/identity.js';
import { rejectedAsNotFound } from './lib/rejected.js';

const examples = ['cee 000765432'];

/** `cee <número>`: a foreign document holder's name (operation 4). Personal data. */
export const cee = defineCommand({
  name: 'cee',
  aliases: [],
  summary: 'Nombre de un extranjero por su carné especial de extranjería',
  usage: 'cee <número>',
  examples,
  access: 'everyone',
  personalData: true,
  // 'text': without a prefix or mention only looksLikeForeignDoc makes it a lookup (>= 6 characters).
  argShape: 'text',
  isAttempt: looksLikeForeignDoc,
  parse: (raw) => ({ numero: parseForeignDoc(raw, 'CEE') }),
  async run(ctx) {
    const { numero } = ctx.args;
    const person = await rejectedAsNotFound(ctx.lookup.cee(numero), 'foreign-doc-not-found', {
      tipo: 'CEE',
      numero,
    });
    await ctx.reply('cee', { ...person });
  },
});
