import type { CommandContext } from './context.js';
import type { BotSettings } from './services.js';

/**
 * Who may run a command. `owner`: the configured CHASQUI_ADMINS only (company-wide commands).
 * `groupAdmin`: owners, or a WhatsApp admin of this group when `groupAdminsAreAdmins` is on and the
 * group is allowed by the config or an owner. `personalData` commands also need a marked group.
 */
export type Access = 'everyone' | 'groupAdmin' | 'owner';

/**
 * How a command's arguments look; feeds the "is this an attempt or chatter?" rule of the router.
 * - none: no arguments (`grupos`, `uso`)
 * - optional: may be empty (`tc`, `afp`, `ayuda`)
 * - required: identifiers (`ruc 2051...`, `placa ABC123`, document references)
 * - text: free text (`buscar transportes andinos`)
 */
export type ArgShape = 'none' | 'optional' | 'required' | 'text';

export interface ParseContext {
  now(): Date;
  settings: BotSettings;
}

/**
 * A command, declared as data (Sapphire style) and registered in `commands/index.ts`.
 * `parse` validates locally and throws `UserError` so a bad input never costs an API credit.
 */
export interface CommandDefinition<A = unknown> {
  name: string;
  aliases: readonly string[];
  /** One line in Spanish for `ayuda`. */
  summary: string;
  /** e.g. `ruc <número de RUC>` */
  usage: string;
  /** Full example messages, the first one shown in `ayuda`. */
  examples: readonly string[];
  access: Access;
  /** Peru's personal data law: only in groups marked for personal data (and direct chats of admins). */
  personalData?: boolean;
  /** Works in groups that are not active (e.g. `activar`). */
  worksInInactiveGroups?: boolean;
  argShape: ArgShape;
  /**
   * Optional override of the router's default attempt rule for unaddressed group messages:
   * return true when `rawArgs` looks like an attempt to use the command (even a wrong one).
   */
  isAttempt?(rawArgs: string): boolean;
  parse(rawArgs: string, ctx: ParseContext): A;
  run(ctx: CommandContext<A>): Promise<void>;
}

/** Identity helper that keeps the argument type flowing from `parse` into `run`. */
export function defineCommand<A>(definition: CommandDefinition<A>): CommandDefinition<A> {
  return definition;
}
