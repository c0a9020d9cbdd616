import type { CommandDefinition } from '../../src/bot/command.js';
import type { ForeignDocType } from '../../src/language/index.js';
import { lookupCommand } from './lookup-command.js';

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
  return lookupCommand({
    name,
    triggers: [{ parts: [`c:${name}`] }],
    arg: 'numero',
    slot: { grammar: name, missing: 'foreign-doc-missing', missingData: { tipo } },
    summary: options.summary,
    usage: `${name} <número>`,
    examples: [options.example],
    personalData: true,
    // A number shorter than a real card's (6 characters) is weak: a lookup only when addressed.
    argShape: 'text',
    operation: name,
    notFound: 'foreign-doc-not-found',
    notFoundData: { tipo },
  });
}
