import type { Logger } from 'pino';
import type { LookupApi } from '../lookup/api.js';
import type { SchedulesPort } from '../scheduler/port.js';
import type { IncomingMessage, OutgoingMessage } from '../transports/transport.js';
import type { CommandDefinition } from './command.js';
import type {
  BotSettings,
  DeliveryPort,
  DriverContactsPort,
  DriversPort,
  EditLogPort,
  GroupDirectoryPort,
  GroupSettingsPort,
  GuidePdfPort,
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
  /** Drivers' LIDs and opt-in (issue 12). */
  driverContacts?: DriverContactsPort;
  /** Delivery tracking (issue 12); absent when the transport reports no deliveries. */
  delivery?: DeliveryPort;
  /** Last answered parse per message, so an edit is answered again only when it changed (issue 12). */
  edits?: EditLogPort;
}

export interface SenderInfo {
  ids: readonly string[];
  displayName?: string;
  isAdmin: boolean;
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
