import { type CommandDefinition, defineCommand } from '../../src/bot/command.js';
import { type ForeignDocType, looksLikeForeignDoc, parseForeignDoc } from '../../src/input/identity.js';
import { rejectedAsNotFound } from './rejected.js';

/**
 * `ce`, `cee`, `ci` are one behaviour with three document types: a foreign document holder's
 * name (operations 3, 4, 5). Personal data. The command word is the type in lower case.
 */
export function foreignDocCommand(options: {
  tipo: ForeignDocType;
  aliases: readonly string[];
  /** Natural forms of the command word (`carnet de extranjeria`), see `CommandDefinition.phrases`. */
  phrases?: CommandDefinition<{ numero: string }>['phrases'];
  summary: string;
  example: string;
}): CommandDefinition<{ numero: string }> {
  const { tipo } = options;
  const name = tipo === 'CE' ? 'ce' : tipo === 'CEE' ? 'cee' : 'ci';
  return defineCommand({
    name,
    aliases: options.aliases,
    triggers: [{ parts: [`c:${name}`] }],
    slots: { numero: { grammar: name, missing: 'foreign-doc-missing' } },
    ...(options.phrases ? { phrases: options.phrases } : {}),
    summary: options.summary,
    usage: `${name} <número>`,
    examples: [options.example],
    access: 'everyone',
    personalData: true,
    // 'text': without a prefix or mention only looksLikeForeignDoc makes it a lookup (>= 6 characters).
    argShape: 'text',
    isAttempt: looksLikeForeignDoc,
    parse: (raw) => ({ numero: parseForeignDoc(raw, tipo) }),
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
