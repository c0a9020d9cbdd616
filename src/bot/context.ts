import type { Logger } from 'pino';
import type { LookupApi } from '../lookup/api.js';
import type { SchedulesPort } from '../scheduler/port.js';
import type { IncomingMessage, OutgoingMessage } from '../transports/transport.js';
import type { CommandDefinition } from './command.js';
import type { BudgetReader, BudgetStatus } from '../budget/types.js';
import type { Role } from './guards.js';
import type { OwnerNoticePort } from './owners.js';
import type {
  BotSettings,
  DriversPort,
  GroupDirectoryPort,
  GroupSettingsPort,
  GuidePdfPort,
  GuideSendsPort,
  UsagePort,
} from './services.js';

/** Everything a command may use besides its context; built once at start-up. */
export interface BotServices {
  settings: BotSettings;
  usage: UsagePort;
  groupSettings: GroupSettingsPort;
  directory: GroupDirectoryPort;
  drivers: DriversPort;
  guidePdf: GuidePdfPort;
  /** The registered commands (for `ayuda`). */
  commands: readonly CommandDefinition<never>[];
  /** Scheduled posts (issue 6); absent until the scheduler is wired. */
  schedules?: SchedulesPort;
  /** Notices to the owners' direct chats (driver phone changes, budget); absent in some tests. */
  owners?: OwnerNoticePort;
  /** `guia <ref> enviar` limits; absent in some tests (no limit). */
  guideSends?: GuideSendsPort;
  /** Credit budget (read side) for `uso`; absent in some tests. */
  budget?: BudgetReader & { overall(): BudgetStatus };
}

export interface SenderInfo {
  ids: readonly string[];
  displayName?: string;
  /** An owner, or a group admin in an allowed group (see guards.ts `senderRole`). */
  isAdmin: boolean;
  role: Role;
}

/** The one argument of `run` (grammY style): the message plus shortcuts. */
export interface CommandContext<A = unknown> {
  readonly message: IncomingMessage;
  readonly command: CommandDefinition<A>;
  readonly args: A;
  readonly rawArgs: string;
  readonly sender: SenderInfo;
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
}
