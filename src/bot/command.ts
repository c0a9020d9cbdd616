import type { Logger } from 'pino';
import type { LookupApi } from '../lookup/api.js';
import type { IncomingMessage, OutgoingMessage, Transport } from '../transports/transport.js';
import type { CommandLanguage } from '../language/index.js';
import { cutText } from './error-reply.js';
import type { Role } from './guards.js';
import type { BotServices } from './ports.js';

/*
 * A command, as one concept: its declaration (`CommandDefinition`, `defineCommand`), the one
 * argument of its `run` (`CommandContext`) and how the router builds that argument
 * (`createCommandContext`).
 */

/**
 * Who may run a command. `owner`: the configured CHASQUI_ADMINS only (company-wide commands).
 * `groupAdmin`: owners, or a WhatsApp admin of this group when `groupAdminsAreAdmins` is on and the
 * group is allowed by the config or an owner. `personalData` commands also need a marked group.
 */
export type Access = 'everyone' | 'groupAdmin' | 'owner';

/**
 * A command, declared as data (Sapphire style) and listed by its feature (`commands/<feature>/
 * index.ts`): its words and slots (read by src/language, where local validation happens, so a bad
 * input never costs an API credit), who may run it, and `run`.
 */
export interface CommandDefinition<A = unknown> extends CommandLanguage {
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
  /**
   * A registered driver may use it in a direct chat even when direct chats are for admins; the
   * command limits what the driver sees (`ctx.sender.driverDocument`). `guia` only.
   */
  driversInDirectChat?: boolean;
  /** Runs with the arguments the language layer read (`slots`, `build`); replies with templates. */
  run(ctx: CommandContext<A>): Promise<void>;
}

/** Identity helper that keeps the argument type flowing from `parse` into `run`. */
export function defineCommand<A>(definition: CommandDefinition<A>): CommandDefinition<A> {
  return definition;
}

export interface SenderInfo {
  ids: readonly string[];
  displayName?: string;
  /** An owner, or a group admin in an allowed group (see guards.ts `senderRole`). */
  isAdmin: boolean;
  role: Role;
  /** A registered driver writing in a direct chat: their document number (issue 12). */
  driverDocument?: string;
}

/** The one argument of `run` (grammY style): the message plus shortcuts. */
export interface CommandContext<A = unknown> {
  readonly message: IncomingMessage;
  readonly command: CommandDefinition<A>;
  readonly args: A;
  readonly rawArgs: string;
  readonly sender: SenderInfo;
  /**
   * Personal data may be shown here (a group marked for it, or an admin's direct chat). Set by the
   * router; absent (treated as false) in contexts built elsewhere.
   */
  readonly personalData?: boolean;
  /** Cached, coalesced, usage-logged lookups, accounted to this chat. */
  readonly lookup: LookupApi;
  readonly services: BotServices;
  readonly log: Logger;
  now(): Date;
  /** Renders `templates/<name>.liquid`. */
  render(template: string, data?: Record<string, unknown>): string;
  /** Renders a template and replies with it in this chat, quoting the command. */
  reply(template: string, data?: Record<string, unknown>): Promise<void>;
  replyDocument(document: {
    bytes: Uint8Array;
    fileName: string;
    mimetype: string;
    caption?: string;
  }): Promise<void>;
  /** Sends to another chat (e.g. a driver's direct chat). */
  send(chatId: string, message: OutgoingMessage): Promise<void>;
  /** Runs `work` (preparing a document) while the chat shows the bot as typing; stops after. */
  composing<T>(work: () => Promise<T>): Promise<T>;
}

/** The slice of `Templates` (src/render/templates.ts) the bot needs; fakes in tests implement it. */
export interface TemplateRenderer {
  render(name: string, data?: Record<string, unknown>): string;
}

/** The outgoing side of a transport, cut to WhatsApp's limits on the way out. */
export type SendFn = Transport['send'];

/**
 * Sends a message after cutting text and captions to MAX_TEXT_LENGTH. An empty text (a template
 * that rendered nothing) is not sent at all.
 */
export async function sendSafely(send: SendFn, chatId: string, message: OutgoingMessage): Promise<void> {
  if (message.kind === 'text') {
    const text = cutText(message.text.trim());
    if (!text) return;
    await send(chatId, { ...message, text });
    return;
  }
  const caption = message.caption === undefined ? undefined : cutText(message.caption);
  await send(chatId, caption === undefined ? message : { ...message, caption });
}

export interface ContextInit<A> {
  message: IncomingMessage;
  command: CommandDefinition<A>;
  args: A;
  rawArgs: string;
  sender: SenderInfo;
  personalData?: boolean;
  lookup: LookupApi;
  services: BotServices;
  templates: TemplateRenderer;
  send: SendFn;
  /** The command's logger, or how to make it (made on first use: most commands never log). */
  log: Logger | (() => Logger);
  now: () => Date;
  /** The transport's typing indicator, when it has one. */
  setComposing?: (chatId: string, composing: boolean) => Promise<void>;
}

/** Builds the one argument of `command.run`: the message plus reply/lookup/render shortcuts. */
export function createCommandContext<A>(init: ContextInit<A>): CommandContext<A> {
  return new MessageContext(init);
}

/**
 * The context as one object whose shortcuts live on its prototype: built per command run, and a
 * closure per shortcut cost more than the rest of building it.
 */
class MessageContext<A> implements CommandContext<A> {
  readonly message: IncomingMessage;
  readonly command: CommandDefinition<A>;
  readonly args: A;
  readonly rawArgs: string;
  readonly sender: SenderInfo;
  declare readonly personalData?: boolean;
  readonly lookup: LookupApi;
  readonly services: BotServices;
  readonly now: () => Date;
  readonly #init: ContextInit<A>;
  #log: Logger | undefined;

  constructor(init: ContextInit<A>) {
    this.message = init.message;
    this.command = init.command;
    this.args = init.args;
    this.rawArgs = init.rawArgs;
    this.sender = init.sender;
    this.lookup = init.lookup;
    this.services = init.services;
    this.now = init.now;
    this.#init = init;
    this.#log = typeof init.log === 'function' ? undefined : init.log;
    if (init.personalData !== undefined)
      (this as { personalData?: boolean }).personalData = init.personalData;
  }

  /** Made on first use: most commands never log. */
  get log(): Logger {
    return (this.#log ??= (this.#init.log as () => Logger)());
  }

  render(template: string, data?: Record<string, unknown>): string {
    return this.#init.templates.render(template, data);
  }

  reply(template: string, data?: Record<string, unknown>): Promise<void> {
    const { message, templates, send } = this.#init;
    return sendSafely(send, message.chatId, {
      kind: 'text',
      text: templates.render(template, data),
      quotedId: message.id,
    });
  }

  replyDocument(document: { bytes: Uint8Array; fileName: string; mimetype: string; caption?: string }) {
    const { message, send } = this.#init;
    return sendSafely(send, message.chatId, { kind: 'document', ...document, quotedId: message.id });
  }

  send(chatId: string, outgoing: OutgoingMessage): Promise<void> {
    return sendSafely(this.#init.send, chatId, outgoing);
  }

  async composing<T>(work: () => Promise<T>): Promise<T> {
    const presence = this.#init.setComposing;
    const chatId = this.message.chatId;
    if (!presence) return work();
    await presence(chatId, true);
    try {
      return await work();
    } finally {
      await presence(chatId, false);
    }
  }
}
