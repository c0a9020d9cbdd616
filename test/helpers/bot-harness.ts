import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { type App, type AppOptions, createApp } from '../../src/app/app.js';
import type { CommandDefinition } from '../../src/bot/command.js';
import type { RouteResult } from '../../src/bot/outcome.js';
import { type Config, parseConfig } from '../../src/config.js';
import type { LookupApi } from '../../src/lookup/api.js';
import type { LookupMiddleware } from '../../src/lookup/call.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { createMemoryTransport, type SentMessage } from '../../src/transports/memory.js';
import type { IncomingMessage, OutgoingMessage } from '../../src/transports/transport.js';
import { ADMIN_PHONE, FIXTURE_GROUPS, GROUP_ID, GROUP_NAME, jid, MEMBER_PHONE } from './messages.js';

/**
 * The real app (router, commands, templates, cache, SQLite) on a temp data dir, talking to the
 * sandbox over loopback through the in-memory transport. Per-command tests drive it with `send`.
 */
export type ConfigOverrides = Config;

export interface BotHarnessOptions {
  /** Merged over the harness defaults (`lookup` is merged key by key). */
  config?: Partial<ConfigOverrides>;
  now?: () => Date;
  /** Replaces the registered command list (router tests with a few commands). */
  commands?: readonly CommandDefinition<never>[];
  /** Wraps the raw client (e.g. to count or fail calls); default: a client to the sandbox. */
  lookup?: (sandbox: SandboxHandle) => LookupApi;
  logger?: Logger;
  /** Passed to createApp: middlewares on the upstream call path (ops metrics and alerts). */
  upstreamMiddleware?: readonly LookupMiddleware[];
  /** Passed to createApp: ops alerts (the credit budget raises `budget-reached`). */
  alerts?: AppOptions['alerts'];
  /** Ids the bot answers to when mentioned. */
  selfIds?: string[];
  /** The sandbox's Lima time of the day's exchange rate (and BCRP's close of the day before); default 00:00. */
  ratePublishedAt?: string;
}

export interface SendFrom {
  chatId?: string;
  isGroup?: boolean;
  /** Phone digits or a full id; default the fixture admin (or a non-admin member when admin=false). */
  sender?: string;
  /** Extra ids of the same sender (e.g. its `@lid`). */
  alsoIds?: string[];
  /** true adds the sender to config.admins, false removes it. */
  admin?: boolean;
  groupAdmin?: boolean;
  chatName?: string;
  mentionedIds?: string[];
}

export interface BotHarness {
  readonly sandbox: SandboxHandle;
  readonly app: App;
  /** The live config (mutations apply to the next message). */
  readonly config: Config;
  readonly dataDir: string;
  /** Sends one message and returns the replies it caused (in any chat). */
  send(text: string, from?: SendFrom): Promise<OutgoingMessage[]>;
  /** Like `send` for a hand-built message; also returns the router's outcome. */
  deliver(message: IncomingMessage): Promise<{ replies: OutgoingMessage[]; result: RouteResult }>;
  /** Replies' texts (documents as `[document <fileName>]`), handy for assertions. */
  texts(replies: OutgoingMessage[]): string[];
  /** Everything sent since the harness started (survives restart). */
  readonly outbox: SentMessage[];
  /** Closes the app and builds it again on the same data dir (cache and settings survive). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Harness defaults: fixture admin, "Despacho Lima" allowed with personal data, no retries, high rate limit. */
function defaultConfig(sandbox: SandboxHandle, dataDir: string, overrides: Partial<Config>): Config {
  const base = parseConfig({}, {});
  return {
    ...base,
    dataDir,
    taxPortal: { ruc: '20123456786', user: 'CHASQUI1', password: 'sandbox-clave' },
    admins: [ADMIN_PHONE],
    groupAdminsAreAdmins: false,
    groups: [{ id: GROUP_ID, name: GROUP_NAME, personalData: true, schedules: [] }],
    directChats: 'admins',
    rateLimitPerMinute: 1000,
    ...overrides,
    // The sandbox serves BCRP's rate API too: no test asks the real one.
    exchangeRate: { ...base.exchangeRate, bcrpUrl: sandbox.baseUrl, ...overrides.exchangeRate },
    lookup: {
      ...base.lookup,
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      messagingBaseUrl: sandbox.messagingUrl,
      messagingToken: sandbox.token,
      retries: 0,
      timeoutMs: 3000,
      ...overrides.lookup,
    },
  };
}

export async function createBotHarness(options: BotHarnessOptions = {}): Promise<BotHarness> {
  const sandbox = await startSandbox({
    port: 0,
    ...(options.now ? { now: options.now } : {}),
    ...(options.ratePublishedAt ? { ratePublishedAt: options.ratePublishedAt } : {}),
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-harness-'));
  const config = defaultConfig(sandbox, dataDir, options.config ?? {});
  const current = new AsyncLocalStorage<SentMessage[]>();
  const transport = createMemoryTransport({
    selfIds: options.selfIds ?? [],
    onSend: (sent) => current.getStore()?.push(sent),
  });
  const build = () =>
    createApp({
      config,
      transport,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.commands ? { commands: options.commands } : {}),
      ...(options.lookup ? { lookup: options.lookup(sandbox) } : {}),
      ...(options.upstreamMiddleware ? { upstreamMiddleware: options.upstreamMiddleware } : {}),
      ...(options.alerts ? { alerts: options.alerts } : {}),
    });
  let app = build();
  let counter = 0;

  function buildMessage(text: string, from: SendFrom): IncomingMessage {
    const phone = from.sender ?? (from.admin === false ? MEMBER_PHONE : ADMIN_PHONE);
    const digits = phone.split('@')[0]?.replace(/\D/g, '') ?? '';
    if (from.admin === true && !config.admins.includes(digits)) config.admins.push(digits);
    if (from.admin === false) config.admins = config.admins.filter((admin) => admin !== digits);
    const senderIds = [jid(phone), ...(from.alsoIds ?? [])];
    const isGroup = from.isGroup ?? (from.chatId ? from.chatId.endsWith('@g.us') : true);
    const chatId = from.chatId ?? (isGroup ? GROUP_ID : jid(phone));
    counter += 1;
    const message: IncomingMessage = {
      id: `harness-${counter}`,
      chatId,
      isGroup,
      senderIds,
      text,
      timestamp: (options.now?.() ?? new Date()).getTime(),
    };
    const chatName = from.chatName ?? (isGroup ? FIXTURE_GROUPS[chatId] : undefined);
    if (chatName !== undefined) message.chatName = chatName;
    if (from.groupAdmin !== undefined) message.senderIsGroupAdmin = from.groupAdmin;
    if (from.mentionedIds) message.mentionedIds = from.mentionedIds;
    return message;
  }

  async function deliver(message: IncomingMessage) {
    const replies: SentMessage[] = [];
    const result = await current.run(replies, () => app.router.handle(message));
    return { replies: replies.map((sent) => sent.message), result };
  }

  return {
    sandbox,
    get app() {
      return app;
    },
    config,
    dataDir,
    outbox: transport.sent,
    async send(text, from = {}) {
      return (await deliver(buildMessage(text, from))).replies;
    },
    deliver,
    texts: (replies) =>
      replies.map((reply) => (reply.kind === 'text' ? reply.text : `[document ${reply.fileName}]`)),
    async restart() {
      await app.close();
      app = build();
    },
    async close() {
      await app.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
