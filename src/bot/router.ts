import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { LookupApi } from '../lookup/api.js';
import { LookupError, LookupSchemaError, LookupUnauthorizedError } from '../lookup/errors.js';
import type { IncomingMessage, Transport } from '../transports/transport.js';
import {
  type CommandDefinition,
  createCommandContext,
  type SenderInfo,
  sendSafely,
  type TemplateRenderer,
} from './command.js';
import { recogniseDriver } from './driver-chat.js';
import { cutText, errorReply, exampleFor, LAST_RESORT_TEXT } from './error-reply.js';
import { type AccessPolicy, canRun, chatAccess, isOwner, senderKey, senderRole } from './guards.js';
import type { BotServices } from './ports.js';
import { logOutcome, type PseudonymFn, type RouteResult } from './outcome.js';
import { fold } from '../text/fold.js';
import type { CleanArgs } from '../text/phrasing.js';
import { socialKind } from '../text/social.js';
import { createIntentReader } from './intent.js';
import { closestWord, idDigits, parseText } from './parse.js';
import { createRateLimiter } from './rate-limit.js';

type AnyCommand = CommandDefinition<never>;

const NO_ARGS: CleanArgs = { text: '', keys: [], statement: false };

export interface RouterOptions {
  commands: readonly AnyCommand[];
  services: BotServices;
  templates: TemplateRenderer;
  /** The cached, usage-accounted lookup facade for one chat (`cachedLookup.forChat`). */
  lookupFor(chatId: string): LookupApi;
  transport: Pick<Transport, 'send' | 'selfIds' | 'setComposing'>;
  policy: AccessPolicy;
  logger: Logger;
  now?: () => Date;
  /** Keyed pseudonym for phone numbers in the outcome log (`createPseudonymizer`, keyed by the db secret). */
  pseudonym: PseudonymFn;
}

/** Turns one incoming message into at most a few replies; never throws, logs one outcome. */
export interface Router {
  readonly commands: readonly AnyCommand[];
  /** The command a word (name or alias, any case/accents) names. */
  find(word: string): AnyCommand | undefined;
  handle(message: IncomingMessage): Promise<RouteResult>;
}

/** Builds the router; throws at start-up when two commands claim the same word. */
export function createRouter(options: RouterOptions): Router {
  const { commands, services, templates, policy, transport } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.child({ module: 'router' });
  const limiter = createRateLimiter(() => policy.rateLimitPerMinute);
  const reader = createIntentReader(commands, (command, args) => {
    try {
      return { value: command.parse(args, { now, settings: services.settings }) };
    } catch {
      return undefined;
    }
  });
  const index = reader.index;
  const display = new Map<string, string>();
  for (const command of commands) {
    for (const word of [command.name, ...command.aliases]) display.set(fold(word), word);
  }
  const candidates = [...display.keys()];
  const send: Transport['send'] = (chatId, outgoing) => transport.send(chatId, outgoing);

  async function reply(message: IncomingMessage, template: string, data: Record<string, unknown>) {
    let text: string;
    try {
      text = templates.render(template, data);
    } catch (error) {
      log.error({ err: error, template }, 'template failed');
      try {
        text = templates.render('errors/internal', {});
      } catch {
        text = LAST_RESORT_TEXT;
      }
    }
    await sendSafely(send, message.chatId, { kind: 'text', text, quotedId: message.id });
  }

  async function answer(
    message: IncomingMessage,
    template: string,
    data: Record<string, unknown>,
    result: RouteResult,
  ): Promise<RouteResult> {
    await reply(message, template, data);
    return { ...result, template };
  }

  /** The digits of the bot's own ids (phone number and LID). */
  function ownDigits(): string[] {
    return transport
      .selfIds()
      .map(idDigits)
      .filter((digits) => digits.length > 0);
  }

  /** An echoed value never shows the bot's own number or LID (`ruc @51900000001abc`). */
  function withoutSelf(data: Record<string, unknown>): Record<string, unknown> {
    const own = ownDigits().filter((digits) => digits.length >= 6); // never scrub a stray digit
    if (own.length === 0) return data;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      out[key] =
        typeof value === 'string' ? own.reduce((text, digits) => text.split(digits).join('…'), value) : value;
    }
    return out;
  }

  /** The driver's help in a direct chat: what Chasqui sends them and how to ask for a guide. */
  function driverHelp(message: IncomingMessage, command?: string): Promise<RouteResult> {
    const result: RouteResult = { outcome: 'ok', reason: 'driver-help', ...(command ? { command } : {}) };
    return answer(message, 'chofer-bienvenida', { nombre: message.senderName }, result);
  }

  async function fail(message: IncomingMessage, command: AnyCommand, error: unknown): Promise<RouteResult> {
    const mapped = errorReply(error);
    if (error instanceof LookupUnauthorizedError) {
      // Both need an admin: top up the plan, or fix a wrong/expired LOOKUP_TOKEN.
      const fields = { operation: error.operation, status: error.status, command: command.name };
      if (error.creditsExhausted) {
        log.error(
          { alert: 'lookup-credits', ...fields },
          'ALERT: lookup API credits exhausted; an admin must top up the plan',
        );
      } else {
        log.error(
          { alert: 'lookup-unauthorized', ...fields },
          'ALERT: lookup API refused the token; an admin must check LOOKUP_TOKEN (wrong or expired)',
        );
      }
    } else if (error instanceof LookupSchemaError) {
      // The field path only (e.g. data.ruc), never the value: the API changed shape.
      log.warn(
        { operation: error.operation, kind: error.kind, field: error.path, command: command.name },
        'lookup answer did not match the schema',
      );
    } else if (error instanceof LookupError) {
      log.warn({ operation: error.operation, kind: error.kind, command: command.name }, 'lookup failed');
    } else if (mapped.kind === 'internal') {
      log.error({ err: error, command: command.name }, 'command failed');
    }
    const data =
      mapped.kind === 'user'
        ? {
            command: command.name,
            usage: command.usage,
            ejemplo: exampleFor(command.examples, error),
            ...withoutSelf(mapped.data),
          }
        : mapped.data;
    return answer(message, mapped.template, data, {
      outcome: mapped.outcome,
      reason: mapped.kind,
      command: command.name,
    });
  }

  /**
   * A registered driver writing in a direct chat is recorded as reachable (their opt-in). The help
   * is sent on the first message and again only after 12 h of silence, so "ok" or "gracias" after
   * a guide gets no reply.
   */
  function driverInDirectChat(message: IncomingMessage) {
    const driver = recogniseDriver(message.senderIds, services.drivers, services.driverContacts);
    if (!driver) return {};
    const before = services.driverContacts?.get(driver.documentNumber)?.reachedAt;
    services.driverContacts?.markReached(driver.documentNumber);
    return { driver, greet: before === undefined || now().getTime() - before > 12 * 3600_000 };
  }

  async function route(message: IncomingMessage, sender: string): Promise<RouteResult> {
    const selfIds = transport.selfIds();
    const selfDigits = ownDigits();
    if (message.senderIds.some((id) => selfDigits.includes(idDigits(id)))) {
      return { outcome: 'ignored', reason: 'self' };
    }
    // Anything a registered driver sends in a direct chat is their opt-in, recorded before any
    // other rule (a sticker, a rate-limited message or chatter counts too).
    const directDriver = message.isGroup ? {} : driverInDirectChat(message);
    const parsed = parseText({
      text: message.text,
      isGroup: message.isGroup,
      selfIds,
      mentionedIds: message.mentionedIds ?? [],
    });
    if (!parsed) {
      if (!directDriver.greet || policy.directChats === 'everyone' || isOwner(message, policy)) {
        return { outcome: 'ignored', reason: 'empty' };
      }
      return driverHelp(message);
    }
    const line = parsed.rawArgs === '' ? parsed.word : `${parsed.word} ${parsed.rawArgs}`;
    const intent = reader.read(line, {
      addressed: parsed.via !== undefined,
      question: /[?¿]/u.test(message.text),
    });
    const command = intent?.command;
    const args = intent?.args ?? NO_ARGS;
    const social = command ? undefined : socialKind(line);
    if (!command) {
      const answered =
        !message.isGroup || parsed.via === 'mention' || (parsed.via === 'prefix' && parsed.prefix !== '.');
      if (!answered) return { outcome: 'ignored', reason: parsed.via ? 'unknown-dot' : 'chatter' };
      // `@bot gracias`, `ok 👍`: nothing to answer (a driver's thanks after a guide included).
      if (social === 'thanks') return { outcome: 'ignored', reason: 'courtesy' };
    } else if (!intent.attempt) {
      return { outcome: 'ignored', reason: 'chatter', command: command.name };
    }
    const name = command?.name;
    // Answered once per parse: an edit gets a new answer only when its command or argument changed
    // (and the same edit reported twice by WhatsApp runs once).
    const signature = command
      ? `${command.name}\u0000${args.text}`
      : `${parsed.folded}\u0000${parsed.rawArgs}`;
    const fresh = services.edits?.claimSignature(message.chatId, message.id, signature) ?? true;
    if (message.editOf && !fresh) return { outcome: 'ignored', reason: 'edit-unchanged', command: name };
    const access = await chatAccess(message, {
      policy,
      groupSettings: services.groupSettings,
      directory: services.directory,
      log,
    });
    const role = senderRole(message, policy, access.allowed);
    const admin = role !== 'member';
    if (!access.active && !(command?.worksInInactiveGroups && admin)) {
      return { outcome: 'ignored', reason: 'inactive-group', command: name };
    }
    const decision = limiter.check(sender, now().getTime());
    if (decision.kind === 'silent') return { outcome: 'ignored', reason: 'rate-limited', command: name };
    if (decision.kind === 'notify') {
      const result = { outcome: 'denied', reason: 'rate-limited', command: name } as const;
      return answer(message, 'errors/rate-limited-user', { seconds: decision.seconds }, result);
    }
    const { driver, greet } = admin ? {} : directDriver;
    if (driver && policy.directChats !== 'everyone' && !command?.driversInDirectChat) {
      // The help again when asked for (`ayuda`, `hola`); another command gets a short "only your
      // guides here"; thanks and chatter stay silent after the first greeting.
      const asksHelp = command?.topicIsCommand === true || social === 'greeting';
      if (greet || asksHelp) return driverHelp(message, name);
      if (!command) return { outcome: 'ignored', reason: 'driver-chatter' };
      const result = { outcome: 'denied', reason: 'driver-command', command: name } as const;
      return answer(message, 'errors/driver-only-guides', { command: name }, result);
    }
    if (!message.isGroup && !admin && !driver && policy.directChats !== 'everyone') {
      return answer(
        message,
        'errors/denied-direct',
        {},
        { outcome: 'denied', reason: 'direct', command: name },
      );
    }
    if (!command && social === 'greeting') {
      const result = { outcome: 'ok', reason: 'greeting' } as const;
      return answer(message, 'saludo', { nombre: message.senderName }, result);
    }
    if (!command) {
      const suggested = closestWord(parsed.folded, candidates);
      // Never echo the bot's own number or LID (e.g. a mention glued to a word: `@519000…abc`).
      const echoesSelf = selfDigits.some((digits) => parsed.word.includes(digits));
      const data = {
        word: echoesSelf ? undefined : cutText(parsed.word, 40),
        suggestion: suggested === undefined ? undefined : display.get(suggested),
        prefix: parsed.prefix ?? '',
      };
      return answer(message, 'errors/unknown-command', data, { outcome: 'unknown', reason: 'unknown' });
    }
    const denial = { outcome: 'denied', command: command.name } as const;
    const data = { command: command.name };
    if (!canRun(command.access, role)) {
      const owners = command.access === 'owner';
      return answer(message, 'errors/denied-admin', { ...data, owners }, { ...denial, reason: 'admin' });
    }
    if (command.personalData && !(message.isGroup ? access.personalData : admin)) {
      return answer(message, 'errors/denied-personal-data', data, { ...denial, reason: 'personal-data' });
    }
    const senderInfo: SenderInfo = { ids: message.senderIds, isAdmin: admin, role };
    if (driver && policy.directChats !== 'everyone') senderInfo.driverDocument = driver.documentNumber;
    if (message.senderName !== undefined) senderInfo.displayName = message.senderName;
    const personalData = message.isGroup ? access.personalData : admin;
    return execute(message, command, args.text, senderInfo, personalData, intent?.parsed);
  }

  async function execute(
    message: IncomingMessage,
    command: AnyCommand,
    rawArgs: string,
    sender: SenderInfo,
    personalData: boolean,
    parsed?: { value: unknown },
  ): Promise<RouteResult> {
    let args: never;
    try {
      args = (parsed ? parsed.value : command.parse(rawArgs, { now, settings: services.settings })) as never;
    } catch (error) {
      return fail(message, command, error);
    }
    const ctx = createCommandContext({
      message,
      command,
      args,
      rawArgs,
      sender,
      personalData,
      lookup: options.lookupFor(message.chatId),
      services,
      templates,
      send,
      log: log.child({ command: command.name }),
      now,
      ...(transport.setComposing ? { setComposing: transport.setComposing.bind(transport) } : {}),
    });
    try {
      await command.run(ctx);
      return { outcome: 'ok', command: command.name };
    } catch (error) {
      return fail(message, command, error);
    }
  }

  return {
    commands,
    find: (word) => index.find(word),
    async handle(message) {
      const started = performance.now();
      const sender = senderKey(message);
      let result: RouteResult;
      try {
        result = await route(message, sender);
      } catch (error) {
        log.error({ err: error }, 'message handling failed');
        result = { outcome: 'failed', reason: 'router' };
      }
      logOutcome(log, message, sender, result, performance.now() - started, {
        pseudonym: options.pseudonym,
      });
      return result;
    },
  };
}
