import type { CommandLanguage } from '../../src/language/understand/declare.js';
import { createUnderstanding } from '../../src/language/understand/understand.js';
import type { CommandContext, CommandDefinition } from '../../src/bot/command.js';
import type { Role } from '../../src/bot/guards.js';
import { createServiceRegistry } from '../../src/bot/registry.js';
import type { BotServices, GroupDirectoryPort, GroupSettingsPort } from '../../src/bot/ports.js';
import { UserError } from '../../src/errors/user-error.js';
import { silentLogger } from '../../src/logger.js';
import type { LookupApi } from '../../src/lookup/api.js';
import type { Group } from '../../src/lookup/schemas/index.js';
import { createTemplates } from '../../src/render/templates.js';
import { fakeLookup } from '../helpers/fakes.js';
import type { IncomingMessage, OutgoingMessage } from '../../src/transports/transport.js';

/**
 * A small CommandContext for unit tests of one command's parse + run, without router, store or
 * sandbox: lookups are whatever the test passes, replies are rendered with the real templates.
 */
const templates = createTemplates();

interface Rendered {
  template: string;
  data: Record<string, unknown>;
  text: string;
}

export interface FakeOptions {
  lookup?: Partial<LookupApi>;
  services?: Partial<BotServices>;
  message?: Partial<IncomingMessage>;
  isAdmin?: boolean;
  /** Default: owner when isAdmin (default), member otherwise. */
  role?: Role;
  now?: Date;
  maxListItems?: number;
}

export interface FakeRun {
  replies: Rendered[];
  sent: { chatId: string; message: OutgoingMessage }[];
  /** The UserError of the argument's reading or of run, rendered like the router would. */
  error?: Rendered;
  /** Names of lookup methods called, in order, with their first argument. */
  calls: [string, unknown][];
  settings: Record<string, boolean>;
}

export function fakeGroup(jid: string, name: string, participants: number, count = participants): Group {
  return {
    JID: jid,
    Name: name,
    ParticipantCount: count,
    Participants: Array.from({ length: participants }, (_, i) => ({
      JID: `5190000000${i}@s.whatsapp.net`,
      PhoneNumber: `5190000000${i}@s.whatsapp.net`,
      LID: `${i}@lid`,
      IsAdmin: false,
      IsSuperAdmin: false,
      DisplayName: `P${i}`,
      Error: 0,
      AddRequest: '',
    })),
  } as unknown as Group;
}

/** Runs `command` on `rawArgs` in a fake context; never throws a UserError (it is rendered into `error`). */
export async function runCommand<A>(
  command: CommandDefinition<A>,
  rawArgs: string,
  options: FakeOptions = {},
): Promise<FakeRun> {
  const now = options.now ?? new Date('2026-11-22T15:00:00Z');
  const result: FakeRun = { replies: [], sent: [], calls: [], settings: {} };
  const groupSettings: GroupSettingsPort = {
    isActive: (chatId) => result.settings[chatId],
    setActive: (chatId, active) => {
      result.settings[chatId] = active;
    },
    ownerAllowed: () => false,
  };
  const directory: GroupDirectoryPort = { list: async () => [], resolveName: async () => undefined };
  const services: BotServices = {
    registry: createServiceRegistry(),
    settings: { maxListItems: options.maxListItems ?? 10, maxZipBytes: 5_000_000 },
    groupSettings,
    directory,
    commands: [],
    ...options.services,
  };
  const message: IncomingMessage = {
    id: 'm1',
    chatId: '120363000000000001@g.us',
    isGroup: true,
    chatName: 'Despacho Lima',
    senderIds: ['51987654321@s.whatsapp.net'],
    text: `${command.name} ${rawArgs}`,
    timestamp: now.getTime(),
    ...options.message,
  };
  const render = (template: string, data: Record<string, unknown> = {}): Rendered => ({
    template,
    data,
    text: templates.render(template, data),
  });
  try {
    // The argument as the language layer reads it for this command, addressed (as `/cmd …`).
    const read = createUnderstanding([command as CommandLanguage]).argsOf(command, rawArgs, {
      now,
      ...(services.settings.taxPortal ? { ownRuc: services.settings.taxPortal.ruc } : {}),
    });
    if ('error' in read) throw read.error;
    const args = read.value as A;
    const ctx: CommandContext<A> = {
      message,
      command,
      args,
      rawArgs,
      sender: {
        ids: message.senderIds,
        isAdmin: options.isAdmin ?? true,
        role: options.role ?? (options.isAdmin === false ? 'member' : 'owner'),
      },
      lookup: fakeLookup(options.lookup ?? {}, (method, args) => result.calls.push([method, args[0]])),
      services,
      log: silentLogger(),
      now: () => now,
      render: (template, data) => templates.render(template, data),
      reply: async (template, data) => {
        result.replies.push(render(template, data));
      },
      replyDocument: async (document) => {
        result.sent.push({ chatId: message.chatId, message: { kind: 'document', ...document } });
      },
      send: async (chatId, outgoing) => {
        result.sent.push({ chatId, message: outgoing });
      },
      composing: (work) => work(),
    };
    await command.run(ctx);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    result.error = render(`errors/${error.identifier}`, error.data);
  }
  return result;
}
