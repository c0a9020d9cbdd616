import type { Logger } from 'pino';
import type { LookupApi } from '../lookup/api.js';
import type { IncomingMessage, OutgoingMessage, Transport } from '../transports/transport.js';
import type { CommandDefinition } from './command.js';
import type { BotServices, CommandContext, SenderInfo } from './context.js';
import { cutText } from './error-reply.js';

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
  log: Logger;
  now: () => Date;
}

/** Builds the one argument of `command.run`: the message plus reply/lookup/render shortcuts. */
export function createCommandContext<A>(init: ContextInit<A>): CommandContext<A> {
  const { message, templates, send } = init;
  return {
    message,
    command: init.command,
    args: init.args,
    rawArgs: init.rawArgs,
    sender: init.sender,
    ...(init.personalData === undefined ? {} : { personalData: init.personalData }),
    lookup: init.lookup,
    services: init.services,
    log: init.log,
    now: init.now,
    render: (template, data) => templates.render(template, data),
    reply: (template, data) =>
      sendSafely(send, message.chatId, {
        kind: 'text',
        text: templates.render(template, data),
        quotedId: message.id,
      }),
    replyDocument: (document) =>
      sendSafely(send, message.chatId, { kind: 'document', ...document, quotedId: message.id }),
    send: (chatId, outgoing) => sendSafely(send, chatId, outgoing),
  };
}
