import type { CommandDefinition } from '../../src/bot/command.js';
import { type LookupCommandSpec, lookupCommand, type OneValueOperation } from './lookup-command.js';

/** What tells one RUC command from another: its words, help lines, operation and reply data. */
type RucCommandSpec<N extends OneValueOperation> = Omit<
  LookupCommandSpec<'ruc', N>,
  'arg' | 'slot' | 'usage' | 'argShape'
>;

/**
 * The RUC commands (ruc, domicilio, locales, trabajadores, deuda): one RUC, read and checked
 * locally (a bad check digit never costs a call), one operation, the reply `templates/<name>`.
 */
export function rucCommand<N extends OneValueOperation>(
  spec: RucCommandSpec<N>,
): CommandDefinition<{ ruc: string }> {
  return lookupCommand({
    ...spec,
    arg: 'ruc',
    slot: { grammar: 'ruc', missing: 'ruc-missing' },
    usage: `${spec.name} <número de RUC>`,
    argShape: 'required',
  });
}
