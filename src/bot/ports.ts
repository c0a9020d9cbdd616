import type { DocumentRef, TaxPortalCredentials } from '../lookup/api.js';
import type { Group } from '../lookup/schemas/index.js';
import type { DeliveryState } from '../store/delivery-state.js';
import type { SchedulesPort } from '../scheduler/port.js';
import type { BudgetReader } from '../budget/types.js';
import type { OfficialRate, OfficialRatesPort } from '../official/port.js';
import type { PadronEdition, PadronPort } from '../padron/port.js';
import type { CommandDefinition } from './command.js';
import type { OwnerNoticePort } from './owners.js';
import { type ServiceRegistry, serviceKey } from './registry.js';

/**
 * Ports: `BotServices`, what the message pipeline uses (handed to every command too), and the
 * contracts several features share, each with its registry key (`BUDGET`, `SCHEDULES`, `DRIVERS`…):
 * declared here so that no feature imports another. Implemented elsewhere (store, directory,
 * scheduler, a feature's folder); tests fake them.
 */

/**
 * What the message pipeline itself uses, handed to every command too; built once at start-up.
 * A feature's own services are registry entries (`registry.get(KEY)`), not fields here.
 */
export interface BotServices {
  /** What the features built, by key (src/bot/registry.ts): `registry.get(WATCH)`. */
  registry: ServiceRegistry;
  settings: BotSettings;
  groupSettings: GroupSettingsPort;
  directory: GroupDirectoryPort;
  /** The registered commands (for `ayuda`). */
  commands: readonly CommandDefinition<never>[];
  /** Notices to the owners' direct chats (driver phone changes, budget); absent in some tests. */
  owners?: OwnerNoticePort;
  /** Last answered parse per message, so an edit is answered again only when it changed (issue 12). */
  edits?: EditLogPort;
}

/**
 * The credit budget's read side in the registry: the budget feature provides it; `uso`
 * (`overall`), batch checks and the watch list read it. Absent: no caps.
 */
export const BUDGET = serviceKey<BudgetReader>('budget');

/**
 * Scheduled posts (issue 6) in the registry: the app's scheduler, for `programar`, `programados`,
 * `desprogramar` and the console; absent until the scheduler is wired.
 */
export const SCHEDULES = serviceKey<SchedulesPort>('schedules');

/**
 * Free official sources in the registry (issue 23): SUNAT's register mirrored locally
 * (src/padron/) and BCRP's exchange rate (src/official/). Features read them before paying for a
 * lookup; with no edition in the data directory `padron` answers nothing and they pay as before.
 */
export interface FreeSources {
  /** The mirror (any edition, however old: `ruc` quotes its date when the API fails). */
  readonly padron: PadronPort;
  /** The live edition when it is recent enough to stand in for the paid API (within `padron.maxAgeDays`). */
  freshEdition(): PadronEdition | undefined;
  /** The live edition and its age in Lima days (the console); undefined without one. */
  status(): { edition: PadronEdition; ageDays: number; stale: boolean } | undefined;
  /** The official exchange rate; absent when turned off. */
  readonly rates?: OfficialRatesPort;
  /**
   * SUNAT's exchange rate of `date` from the official rate (the SBS close it repeats, holidays:
   * the fixed ones plus `holidays`), in the paid `exchangeRate` answer's fields; undefined when
   * turned off, not published, or BCRP unreachable (then the paid lookup answers). Never throws.
   */
  officialRate(date: string, holidays?: ReadonlySet<string>): Promise<OfficialRate | undefined>;
  /**
   * Counts `count` answers a free source gave instead of paid lookups of `operation` (the lookup
   * table's name: `ruc`, `exchangeRate`…) for `chatId`: the usage log, where `uso` shows them.
   */
  saved(chatId: string, operation: string, count?: number): void;
}

export const FREE_SOURCES = serviceKey<FreeSources>('free-sources');

export interface UsageEvent {
  at: Date;
  chatId: string;
  operation: string;
  /** true when the answer came from the cache or a shared in-flight call (no credit spent). */
  saved: boolean;
  /** With `saved`: a free official source answered instead of the paid API (not the cache). */
  free?: boolean;
  outcome: 'ok' | 'not_found' | 'failed';
}

export interface UsageRow {
  operation: string;
  /** A group id, or a keyed pseudonym `direct:<hex>` for a direct chat (never a phone number). */
  chatId: string;
  /** Answered lookups (ok or not found); `calls - saved - free` is the credits spent. */
  calls: number;
  /** Of `calls`, answered from the cache or a shared in-flight call. */
  saved: number;
  /** Of `calls`, answered by a free official source instead (padrón, BCRP); absent when none. */
  free?: number;
  /** Failed lookups (network, timeout, 5xx, 401, 429...); absent when none. */
  failed?: number;
}

export interface UsagePort {
  record(event: UsageEvent): void;
  /** Lookups in the Lima calendar month containing `now`, per operation and chat. */
  month(now: Date): UsageRow[];
}

export interface GroupSettingsPort {
  /** undefined when no admin toggled the group: the config decides. */
  isActive(chatId: string): boolean | undefined;
  /** `byOwner`: an owner's toggle, which also grants (activar) or withdraws the group's allowance. */
  setActive(chatId: string, active: boolean, by: string, options?: { byOwner?: boolean }): void;
  /** An owner activated this group (group admins count as admins only in allowed groups). */
  ownerAllowed(chatId: string): boolean;
}

/** A group as the directory knows it: the spec's record 2.16 (from /group/all or the session). */
export interface GroupDirectoryPort {
  list(): Promise<Group[]>;
  /** Resolves a configured group name (case/accent-insensitive) to its id, when known. */
  resolveName(name: string): Promise<string | undefined>;
}

export interface Driver {
  /** The driver's identity document number (guide `conductor[].numDocIdentidad`). */
  documentNumber: string;
  /** WhatsApp number, digits only with country code (51...). */
  phone: string;
  source: 'config' | 'chat';
}

/** The drivers guides go to (`chofer`, the config file, the console's Drivers page). */
export interface DriversPort {
  get(documentNumber: string): Driver | undefined;
  set(documentNumber: string, phone: string, by: string): void;
  remove(documentNumber: string): boolean;
  list(): Driver[];
}

/**
 * The drivers in the registry: the drivers feature provides them; `guia … enviar`, the pipeline's
 * driver stages (src/bot/driver-chat.ts) and the console read them. Absent: no drivers.
 */
export const DRIVERS = serviceKey<DriversPort>('drivers');

/** Settings commands need (a view of the validated config). */
export interface BotSettings {
  /** Company tax-portal credentials from server config; absent when not configured. */
  taxPortal?: TaxPortalCredentials;
  /** Lists longer than this are cut with "… y N más". */
  maxListItems: number;
  /** Largest invoice ZIP (bytes) we open. */
  maxZipBytes: number;
  /** Extra non-working days (YYYY-MM-DD) beside Peru's holidays: `último día hábil` skips them. */
  holidays?: readonly string[];
}

export type { DocumentRef };

/** What WhatsApp told us about a driver's number, and whether the driver wrote to the bot. */
export interface DriverContact {
  documentNumber: string;
  /** The number's LID (see transports/ids.ts), when WhatsApp gave one: sends prefer it. */
  lid?: string;
  /** Last `onWhatsApp` answer; absent when never checked or the check could not be made. */
  hasWhatsApp?: boolean;
  checkedAt?: number;
  /** When the driver last wrote to the bot in a direct chat (ms); absent: never. */
  reachedAt?: number;
}

export interface DriverContactsPort {
  get(documentNumber: string): DriverContact | undefined;
  /**
   * Stores what `onWhatsApp` said (`hasWhatsApp` absent: could not ask). A new number forgets the
   * old number's LID and opt-in.
   */
  recordCheck(
    documentNumber: string,
    check: { hasWhatsApp?: boolean; lid?: string },
    newNumber: boolean,
  ): void;
  markReached(documentNumber: string): void;
  /** Stores the LID WhatsApp paired with the driver's number; false when it was already stored. */
  learnLid(documentNumber: string, lid: string): boolean;
}

/** Drivers' LIDs and opt-in (issue 12) in the registry, beside `DRIVERS` (same provider). */
export const DRIVER_CONTACTS = serviceKey<DriverContactsPort>('driver-contacts');

/** The latest delivery state of a message, as `choferes` and reports show it. */
export interface DeliveryStatus {
  state: DeliveryState;
  code?: string;
  at: number;
}

/** Guides sent to drivers with `guia … enviar`, as `choferes` and the console's Drivers page read them. */
export interface DriverGuidesPort {
  /** The latest guide sent to any of these chats (a driver's PN and LID chats). */
  latestFor(chatIds: readonly string[]): DeliveryStatus | undefined;
  /** How many of those guides are in each delivery state (the console and /metrics). */
  counts(): Record<DeliveryState, number>;
}

/**
 * Guides sent to drivers in the registry: the guides feature provides it when the transport
 * reports deliveries (WhatsApp); absent otherwise.
 */
export const DRIVER_GUIDES = serviceKey<DriverGuidesPort>('driver-guides');

/** Per received message, the last parse the bot answered (store/edits.ts implements it). */
export interface EditLogPort {
  /** Records the signature; false when it is the one already recorded (an unchanged edit). */
  claimSignature(chatId: string, messageId: string, signature: string): boolean;
  /** Records the signature of a message seen for the first time (written soon, in a batch). */
  noteSignature(chatId: string, messageId: string, signature: string): void;
}
