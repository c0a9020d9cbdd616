import type { Logger } from 'pino';
import type { LookupApi } from '../../lookup/api.js';
import type { Reading, Understanding } from '../../language/index.js';
import type { IncomingMessage, Transport } from '../../transports/transport.js';
import type { CommandDefinition, TemplateRenderer } from '../command.js';
import type { AccessPolicy, ChatAccess, Role } from '../guards.js';
import type { Driver, BotServices } from '../ports.js';
import type { RouteResult } from '../outcome.js';
import type { RateLimiter } from '../rate-limit.js';

/*
 * The router is a list of stages (router.ts); each reads and fills one Turn, the state of one
 * message on its way, and either lets it go on or ends it with a RouteResult.
 */

export type AnyCommand = CommandDefinition<never>;

/** What the stages share: built once per router. */
export interface RouterDeps {
  readonly commands: ReadonlyMap<string, AnyCommand>;
  readonly understanding: Understanding;
  readonly services: BotServices;
  readonly templates: TemplateRenderer;
  readonly policy: AccessPolicy;
  readonly transport: Pick<Transport, 'send' | 'selfIds' | 'setComposing'>;
  /** The transport's send and typing indicator, bound once (commands get them per run). */
  readonly send: Transport['send'];
  readonly setComposing: Transport['setComposing'];
  readonly log: Logger;
  readonly now: () => Date;
  readonly limiter: RateLimiter;
  lookupFor(chatId: string): LookupApi;
  /** Renders a template (a broken one falls back to `errors/internal`) and replies quoting the message. */
  reply(message: IncomingMessage, template: string, data: Record<string, unknown>): Promise<void>;
}

/** The state of one message through the stages. */
export interface Turn {
  readonly message: IncomingMessage;
  /** The rate-limit and log key of the sender (see `senderKey`). */
  readonly sender: string;
  /** The digits of the bot's own ids (a mention in the text is digits after `@`). */
  readonly selfDigits: readonly string[];
  /** The bot's own ids (phone-number id and LID), compared with senders by `isAnyOf`. */
  readonly selfIds: readonly string[];
  reading?: Reading;
  access?: ChatAccess;
  role?: Role;
  /** A registered driver writing in a direct chat, and whether the help is due. */
  driver?: { driver: Driver; greet: boolean };
}

/** A stage: ends the message with a result, or returns nothing to let it go on. */
export interface Stage {
  readonly name: string;
  run(turn: Turn, deps: RouterDeps): RouteResult | undefined | Promise<RouteResult | undefined>;
}

/** True when the message was addressed so that it deserves an answer (not a `.` prefix in a group). */
export function answered(turn: Turn): boolean {
  const reading = turn.reading;
  if (!turn.message.isGroup) return true;
  return reading?.addressed === 'mention' || (reading?.addressed === 'prefix' && reading.prefix !== '.');
}

/** The admin side of the sender: an owner or a group admin here. */
export function isAdmin(turn: Turn): boolean {
  return turn.role !== undefined && turn.role !== 'member';
}

/** Replies with a template and returns `result` with the template named. */
export async function answer(
  turn: Turn,
  deps: RouterDeps,
  template: string,
  data: Record<string, unknown>,
  result: RouteResult,
): Promise<RouteResult> {
  await deps.reply(turn.message, template, data);
  // Object.assign, not a spread: results come in many shapes (a spread of many is slow in V8).
  return Object.assign({}, result, { template });
}

/** The driver's help in a direct chat: what Chasqui sends them and how to ask for a guide. */
export function driverHelp(turn: Turn, deps: RouterDeps, command?: string): Promise<RouteResult> {
  const result: RouteResult = { outcome: 'ok', reason: 'driver-help', ...(command ? { command } : {}) };
  return answer(turn, deps, 'chofer-bienvenida', { nombre: turn.message.senderName }, result);
}
