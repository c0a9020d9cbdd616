import type { Logger } from 'pino';
import type { IncomingMessage } from '../transports/transport.js';
import { fold } from '../text/fold.js';
import { personId, phoneOf } from '../transports/ids.js';
import type { GroupDirectoryPort, GroupSettingsPort } from './ports.js';
import type { Access } from './command.js';

/**
 * Who may talk to the bot where: the allow-list of groups, direct-chat policy, admins. Typed
 * structurally as the slice of `Config` it needs, so the router does not depend on config loading.
 * Read on every message: a live change (an admin added by the harness) applies at once.
 */
export interface AccessPolicy {
  admins: readonly string[];
  groupAdminsAreAdmins: boolean;
  groups: readonly { id?: string; name?: string; personalData: boolean }[];
  directChats: 'admins' | 'everyone';
  rateLimitPerMinute: number;
}

/**
 * Owner = one of the sender's ids is a configured `admins` entry: phone digits, or a LID
 * (`…@lid`) for an owner WhatsApp shows without a phone number. Compared as whole ids
 * (`isAnyOf`): a LID never passes for a phone number with the same digits.
 */
export function isOwner(message: IncomingMessage, policy: AccessPolicy): boolean {
  const owners = ownerIds(policy.admins);
  if (owners.size === 0) return false;
  // `isAnyOf`'s rule, with the configured side read once per change of the list, not per message.
  return message.senderIds.some((sender) => {
    const id = personId(sender);
    return id !== undefined && owners.has(id);
  });
}

/** The owners' ids as `isAnyOf` reads them, kept while the list is the same (compared item by item). */
let owners: { admins: readonly string[]; ids: ReadonlySet<string> } = { admins: [], ids: new Set() };

function ownerIds(admins: readonly string[]): ReadonlySet<string> {
  const known = owners.admins;
  if (admins.length === known.length && admins.every((admin, i) => admin === known[i])) return owners.ids;
  const ids = new Set<string>();
  for (const admin of admins) {
    const id = personId(admin);
    if (id !== undefined) ids.add(id);
  }
  owners = { admins: [...admins], ids };
  return ids;
}

/** What the sender is here: an owner anywhere; a group admin only inside an allowed group. */
export type Role = 'owner' | 'groupAdmin' | 'member';

/**
 * A WhatsApp group admin counts only with `groupAdminsAreAdmins` and only in a group the config
 * or an owner allowed: creating a group and adding the bot grants nothing.
 */
export function senderRole(message: IncomingMessage, policy: AccessPolicy, groupAllowed: boolean): Role {
  if (isOwner(message, policy)) return 'owner';
  if (policy.groupAdminsAreAdmins && message.isGroup && message.senderIsGroupAdmin && groupAllowed) {
    return 'groupAdmin';
  }
  return 'member';
}

/** Whether a role may run a command of this access level (the one rule the router and `ayuda` use). */
export function canRun(access: Access, role: Role): boolean {
  if (access === 'everyone') return true;
  if (access === 'groupAdmin') return role !== 'member';
  return role === 'owner';
}

/**
 * One key per person for the rate limit: the phone digits when any id is a phone number (so the
 * LID and PN of one person share a bucket), else the first id.
 */
export function senderKey(message: IncomingMessage): string {
  for (const id of message.senderIds) {
    const phone = phoneOf(personId(id) ?? id);
    if (phone) return phone;
  }
  return message.senderIds[0] ?? message.chatId;
}

export interface ChatAccess {
  /** The group is allowed (config or an admin's `activar`); always true for direct chats. */
  active: boolean;
  /** Personal-data commands allowed here (groups marked in config; admin direct chats). */
  personalData: boolean;
  /** Allowed by the config or by an owner's `activar` (group admins have powers only here). */
  allowed: boolean;
}

export interface ChatAccessDeps {
  policy: AccessPolicy;
  groupSettings: GroupSettingsPort;
  directory: GroupDirectoryPort;
  log: Logger;
}

/**
 * Decides whether a group is active and marked for personal data: the persisted override of
 * `activar`/`desactivar` wins; otherwise a config entry matching by id, by the chat's subject, or
 * by a name the group directory resolves to this id.
 */
export async function chatAccess(message: IncomingMessage, deps: ChatAccessDeps): Promise<ChatAccess> {
  return chatAccessNow(message, deps);
}

/**
 * `chatAccess`, answered synchronously when the config decides without the group directory (a
 * direct chat, a group configured by id or matched by its subject): the router's path per message.
 */
export function chatAccessNow(
  message: IncomingMessage,
  deps: ChatAccessDeps,
): ChatAccess | Promise<ChatAccess> {
  if (!message.isGroup) return { active: true, personalData: true, allowed: true };
  const named = groupRuleNow(message, deps.policy);
  if (named === DIRECTORY) return byDirectory(message, deps).then((rule) => accessOf(message, deps, rule));
  return accessOf(message, deps, named);
}

function accessOf(message: IncomingMessage, deps: ChatAccessDeps, rule: GroupRule | undefined): ChatAccess {
  const override = deps.groupSettings.isActive(message.chatId);
  return {
    active: override ?? rule !== undefined,
    personalData: rule?.personalData ?? false,
    allowed: rule !== undefined || deps.groupSettings.ownerAllowed(message.chatId),
  };
}

type GroupRule = AccessPolicy['groups'][number];
/** The config alone does not decide: a group configured by name may be this one (ask the directory). */
const DIRECTORY = Symbol('directory');

function groupRuleNow(
  message: IncomingMessage,
  policy: AccessPolicy,
): GroupRule | undefined | typeof DIRECTORY {
  const groups = policy.groups;
  const byId = groups.find((group) => group.id === message.chatId);
  if (byId) return byId;
  const named = groups.filter((group) => group.name && !group.id);
  if (named.length === 0) return undefined;
  if (message.chatName) {
    const subject = fold(message.chatName);
    const bySubject = named.find((group) => fold(group.name ?? '') === subject);
    if (bySubject) return bySubject;
  }
  return DIRECTORY;
}

async function byDirectory(message: IncomingMessage, deps: ChatAccessDeps): Promise<GroupRule | undefined> {
  const named = deps.policy.groups.filter((group) => group.name && !group.id);
  for (const group of named) {
    try {
      if ((await deps.directory.resolveName(group.name ?? '')) === message.chatId) return group;
    } catch (error) {
      deps.log.warn({ err: error, group: group.name }, 'group directory lookup failed');
    }
  }
  return undefined;
}

/** Characters of a person's number shown outside personal-data chats (the rest become `•`). */
const SHOWN_TAIL = 3;

/**
 * A person's document or licence number as this chat may see it: whole where personal data is
 * allowed, else each number in the text cut to its last 3 characters (`DNI 41234567` → `DNI •••••567`).
 * The one rule for reply data built from lookups (guides' drivers and recipients).
 */
export function personalNumber(value: string | undefined, personalData: boolean): string | undefined {
  if (value === undefined || personalData) return value;
  return value.replace(/[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*/gu, (token) =>
    token.length <= SHOWN_TAIL
      ? token
      : `${'•'.repeat(token.length - SHOWN_TAIL)}${token.slice(-SHOWN_TAIL)}`,
  );
}

/**
 * `+51 9•• ••• 321`: a phone as a group may see it, enough for staff to recognise a number without
 * posting it whole (drivers in `guia … enviar`, `chofer`'s notice to the owners, ops alerts).
 */
export function maskPhone(phone: string): string {
  const country = phone.startsWith('51') && phone.length === 11 ? '+51 ' : '+';
  const local = country === '+51 ' ? phone.slice(2) : phone;
  return `${country}${local.slice(0, 1)}${'•'.repeat(Math.max(local.length - 4, 0))}${local.slice(-3)}`;
}
