import { DRIVERS } from '../bot/ports.js';
import type { Group } from '../lookup/schemas/group.js';
import { isGroupChat, isLid, normalizeId, phoneOf } from '../transports/ids.js';
import { WATCH_ACCOUNT } from '../store/usage.js';
import type { ConsoleDeps } from './context.js';

/**
 * Names instead of raw WhatsApp ids on every console page: a group's name from the group
 * directory, a driver's document for a driver's chat, the number of any other direct chat. The
 * templates word it (`console/templates/chat.liquid`).
 */
export type ChatName =
  | { kind: 'group'; name?: string; id: string }
  | { kind: 'driver'; document: string; phone?: string }
  | { kind: 'direct'; phone?: string }
  /** The usage log's pseudonymous direct chats, counted together. */
  | { kind: 'directs' }
  /** The watch list's daily check (usage log). */
  | { kind: 'watch' }
  | { kind: 'other'; id: string };

export interface ChatNames {
  /** The groups as the directory listed them. */
  readonly listed: readonly Group[];
  /** The group names the directory gave, by id (empty when it could not be read). */
  readonly groups: ReadonlyMap<string, string>;
  /** Why the directory could not be read, when it could not. */
  readonly error?: string;
  of(chatId: string): ChatName;
}

/** Reads the group directory once for a page (it may be an HTTP call to the messaging host). */
export async function loadChatNames(deps: Pick<ConsoleDeps, 'services'>): Promise<ChatNames> {
  let listed: Group[] = [];
  let error: string | undefined;
  try {
    listed = await deps.services.directory.list();
  } catch (failure) {
    error = (failure as Error).message;
  }
  const groups = new Map(listed.filter((group) => group.Name).map((group) => [group.JID, group.Name]));
  const registered = deps.services.registry.get(DRIVERS)?.list() ?? [];
  const drivers = new Map(registered.flatMap((d) => (d.phone ? [[d.phone, d.documentNumber] as const] : [])));
  // Drivers WhatsApp shows without a number, registered by LID (issue 21): their chat is the LID's.
  const lidDrivers = new Map(registered.flatMap((d) => (d.lid ? [[d.lid, d.documentNumber] as const] : [])));
  return {
    listed,
    groups,
    ...(error !== undefined ? { error } : {}),
    of(chatId) {
      if (isGroupChat(chatId)) {
        const name = groups.get(chatId);
        return name ? { kind: 'group', name, id: chatId } : { kind: 'group', id: chatId };
      }
      if (chatId.startsWith('direct:')) return { kind: 'directs' };
      if (chatId === WATCH_ACCOUNT) return { kind: 'watch' };
      if (isLid(chatId)) {
        const document = lidDrivers.get(normalizeId(chatId));
        return document ? { kind: 'driver', document } : { kind: 'direct' };
      }
      // An alert keeps only the last digits of a person's id (`*********321@s.whatsapp.net`).
      const masked = /^\*+(\d+)@/u.exec(chatId);
      if (masked) return { kind: 'direct', phone: `…${masked[1]}` };
      const phone = phoneOf(chatId);
      if (phone === undefined) return { kind: 'other', id: chatId };
      const document = drivers.get(phone);
      return document
        ? { kind: 'driver', document, phone: `+${phone}` }
        : { kind: 'direct', phone: `+${phone}` };
    },
  };
}
