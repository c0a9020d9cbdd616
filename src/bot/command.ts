import type { CommandContext } from './context.js';
import type { BotSettings } from './services.js';

/** Who may run a command. `personalData` commands also need a group marked for personal data. */
export type Access = 'everyone' | 'admin';

/**
 * How a command's arguments look; feeds the "is this an attempt or chatter?" rule of the router.
 * - none: no arguments (`grupos`, `uso`)
 * - optional: may be empty (`tc`, `afp`, `ayuda`)
 * - required: identifiers (`ruc 2051...`, `placa ABC123`, document references)
 * - text: free text (`buscar transportes andinos`)
 */
export type ArgShape = 'none' | 'optional' | 'required' | 'text';

export interface AttemptContext {
  /** Name of the command `text` starts with (name, alias or phrase), if any. */
  commandFor(text: string): string | undefined;
}

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
   * Natural forms besides name and aliases (issue 11): phrases, plurals, abbreviations, typos
   * staff make (`tipo de cambio`, `t/c`, `rucs`). A pair `[phrase, args]` also implies leading
   * arguments (`['borrar chofer', 'borrar']`). Shown by `ayuda <comando>`.
   */
  phrases?: readonly (string | readonly [phrase: string, impliedArgs: string])[];
  /** Words the command ignores at the edges of its argument, beside the shared lists (`sunat` for tc). */
  fillers?: readonly string[];
  /** Words the command understands after its identifier without making the line chatter (`enviar`). */
  keywords?: readonly string[];
  /** Free text (`buscar`): only courtesy words are trimmed; articles belong to names. */
  literalArgs?: boolean;
  /**
   * Unaddressed lines whose argument is a value the command only reports (`tc 3.79`, `afp 10%`)
   * are statements, left silent. `keys` are the argument's words (see `chatKey`).
   */
  isStatement?(keys: readonly string[]): boolean;
  /**
   * Optional override of the router's default attempt rule for unaddressed group messages:
   * return true when `rawArgs` (courtesy and labels trimmed) looks like an attempt to use the
   * command (even a wrong one). `ctx.commandFor` names the command a text refers to, if any.
   */
  isAttempt?(rawArgs: string, ctx?: AttemptContext): boolean;
  parse(rawArgs: string, ctx: ParseContext): A;
  run(ctx: CommandContext<A>): Promise<void>;
}

/** Identity helper that keeps the argument type flowing from `parse` into `run`. */
export function defineCommand<A>(definition: CommandDefinition<A>): CommandDefinition<A> {
  return definition;
}
