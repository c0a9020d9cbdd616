import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { createUnderstanding } from '../language/index.js';
import type { LookupApi } from '../lookup/api.js';
import type { IncomingMessage, Transport } from '../transports/transport.js';
import { type CommandDefinition, sendSafely, type TemplateRenderer } from './command.js';
import { LAST_RESORT_TEXT } from './error-reply.js';
import { type AccessPolicy, senderKey } from './guards.js';
import { logOutcome, type PseudonymFn, type RouteResult } from './outcome.js';
import { idDigits } from '../transports/ids.js';
import type { BotServices } from './ports.js';
import { createRateLimiter } from './rate-limit.js';
import { access } from './stages/access.js';
import { driverOptIn } from './stages/driver-opt-in.js';
import { driverPolicy } from './stages/driver-policy.js';
import { edits } from './stages/edits.js';
import { execute } from './stages/execute.js';
import { ignoreSelf } from './stages/ignore-self.js';
import { rateLimit } from './stages/rate-limit.js';
import { social } from './stages/social.js';
import type { RouterDeps, Stage, Turn } from './stages/turn.js';
import { understandStage } from './stages/understand.js';

type AnyCommand = CommandDefinition<never>;

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
  /** The command a word or phrase names on its own (its name, or a word of its concept: `RAZÓN`). */
  find(word: string): AnyCommand | undefined;
  handle(message: IncomingMessage): Promise<RouteResult>;
}

/**
 * The path of one message, in order: each stage reads the Turn and either ends the message with a
 * result or lets it go on. Reading the text is the language layer's (understand); what follows is
 * policy: edits, access, rate limit, drivers, social replies, permissions and the command itself.
 */
const STAGES: readonly Stage[] = [
  ignoreSelf,
  driverOptIn,
  understandStage,
  edits,
  access,
  rateLimit,
  driverPolicy,
  social,
  execute,
];

/** Builds the router; throws at start-up when a command declares an unknown concept or sense. */
export function createRouter(options: RouterOptions): Router {
  const { commands, services, templates, transport } = options;
  const now = options.now ?? (() => new Date());
  const log = options.logger.child({ module: 'router' });
  const byName = new Map(commands.map((command) => [command.name, command]));
  const send: Transport['send'] = (chatId, outgoing) => transport.send(chatId, outgoing);
  const deps: RouterDeps = {
    commands: byName,
    understanding: createUnderstanding(commands as never),
    services,
    templates,
    policy: options.policy,
    transport,
    send,
    setComposing: transport.setComposing?.bind(transport),
    log,
    now,
    limiter: createRateLimiter(() => options.policy.rateLimitPerMinute),
    lookupFor: options.lookupFor,
    async reply(message, template, data) {
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
    },
  };

  // The bot's own ids change only when the session does: their digits are read again only then.
  let known: { selfIds: readonly string[]; selfDigits: readonly string[] } = { selfIds: [], selfDigits: [] };
  const self = (ids: readonly string[]) => {
    const same = ids.length === known.selfIds.length && ids.every((id, i) => id === known.selfIds[i]);
    if (!same) {
      known = { selfIds: [...ids], selfDigits: ids.map(idDigits).filter((digits) => digits.length > 0) };
    }
    return known;
  };

  async function route(turn: Turn): Promise<RouteResult> {
    for (const stage of STAGES) {
      // Most stages decide synchronously: awaiting their plain result cost a microtask turn each.
      const ran = stage.run(turn, deps);
      const result = ran instanceof Promise ? await ran : ran;
      if (result) return result;
    }
    return { outcome: 'ignored', reason: 'no-stage' };
  }

  return {
    commands,
    find: (word) => {
      const found = deps.understanding.index.byWords(word);
      return found ? byName.get(found.name) : undefined;
    },
    async handle(message) {
      const started = performance.now();
      const sender = senderKey(message);
      const { selfIds, selfDigits } = self(transport.selfIds());
      let result: RouteResult;
      try {
        result = await route({ message, sender, selfDigits, selfIds });
      } catch (error) {
        log.error({ err: error }, 'message handling failed');
        result = { outcome: 'failed', reason: 'router' };
      }
      logOutcome(log, message, sender, result, performance.now() - started, { pseudonym: options.pseudonym });
      return result;
    },
  };
}
