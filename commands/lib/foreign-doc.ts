import { type CommandDefinition, defineCommand } from '../../src/bot/command.js';
import type { ForeignDocType } from '../../src/language/grammars/identifiers/foreign-doc.js';
import { rejectedAsNotFound } from './rejected.js';

/**
 * `ce`, `cee`, `ci` are one behaviour with three document types: a foreign document holder's
 * name (operations 3, 4, 5). Personal data. The command word is the type in lower case.
 */
export function foreignDocCommand(options: {
  tipo: ForeignDocType;
  summary: string;
  example: string;
}): CommandDefinition<{ numero: string }> {
  const { tipo } = options;
  const name = tipo === 'CE' ? 'ce' : tipo === 'CEE' ? 'cee' : 'ci';
  return defineCommand<{ numero: string }>({
    name,
    triggers: [{ parts: [`c:${name}`] }],
    slots: { numero: { grammar: name, missing: 'foreign-doc-missing', missingData: { tipo } } },
    summary: options.summary,
    usage: `${name} <número>`,
    examples: [options.example],
    access: 'everyone',
    personalData: true,
    // A number shorter than a real card's (6 characters) is weak: a lookup only when addressed.
    argShape: 'text',
    async run(ctx) {
      const { numero } = ctx.args;
      const person = await rejectedAsNotFound(ctx.lookup[name](numero), 'foreign-doc-not-found', {
        tipo,
        numero,
      });
      await ctx.reply(name, { ...person });
    },
  });
}
