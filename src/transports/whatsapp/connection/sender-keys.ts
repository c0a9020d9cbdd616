import type { BaileysEventMap, BinaryNode, GroupParticipant, SignalKeyStore } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import { normalizeId } from '../../ids.js';
import type { GroupMetadataCache } from './groups.js';
import type { SocketLike } from './socket.js';

/**
 * Group sender keys that repair themselves ("Esperando el mensaje", Baileys #2704, #2297). rc14's
 * `relayMessage` (Socket/messages-send.js) sends the group's sender key only to devices missing
 * from the group's `sender-key-memory` entry, and only ever writes that entry: a member who
 * changed phone (same device id, new identity) or whose device list changed is never sent the key
 * again and sees our messages as undecryptable for good. So the entry is reset when it can be
 * stale, and the next send redistributes the key:
 * - `group-participants.update` (add, remove, modify): the whole group's entry;
 * - a `devices` notification (a member's devices changed) and an `encrypt` notification with an
 *   `identity` child (a member's identity key changed): that member's devices, in every group
 *   the cache lists them in.
 * Baileys itself resets an entry only when answering a retry receipt.
 */
export class SenderKeyMemory {
  constructor(
    private readonly keys: Pick<SignalKeyStore, 'get' | 'set'>,
    private readonly groups: GroupMetadataCache,
    private readonly log: Logger,
    /** Every known form of a person's id (the LID pairs), to find them in rosters and entries. */
    private readonly expand: (ids: readonly string[]) => string[] = (ids) => [...ids],
  ) {}

  /** Wires one socket's raw notifications (Baileys emits no event for these). */
  attach(sock: SocketLike): void {
    sock.ws?.on('CB:notification,type:devices', (node) => this.onNotification(node, 'devices'));
    sock.ws?.on('CB:notification,type:encrypt', (node) => {
      if (childTags(node).includes('identity')) this.onNotification(node, 'identity');
    });
  }

  /** Participants changed: the next send to the group gives every device the key again. */
  async onParticipants(event: BaileysEventMap['group-participants.update']): Promise<void> {
    if (event.action === 'promote' || event.action === 'demote') return;
    await this.resetGroup(event.id, `participants ${event.action}`);
  }

  async resetGroup(groupId: string, why: string): Promise<void> {
    try {
      await this.keys.set({ 'sender-key-memory': { [groupId]: null } });
      this.log.debug({ group: groupId, why }, 'group sender-key memory reset');
    } catch (error) {
      this.log.warn({ err: error, group: groupId }, 'could not reset a group sender-key memory');
    }
  }

  /** Forgets which devices of this person hold our sender key, in every group they are in. */
  async forgetPerson(ids: readonly string[], why: string): Promise<number> {
    const forms = new Set(this.expand(ids.map(normalizeId)).map(normalizeId));
    let changed = 0;
    for (const group of this.groups.list()) {
      const member = group.participants.find((p) => participantIds(p).some((id) => forms.has(id)));
      if (!member) continue;
      const memberForms = new Set([...forms, ...participantIds(member)]);
      try {
        const stored = (await this.keys.get('sender-key-memory', [group.id]))[group.id];
        if (!stored) continue;
        const kept = Object.fromEntries(
          Object.entries(stored).filter(([device]) => !memberForms.has(normalizeId(device))),
        );
        if (Object.keys(kept).length === Object.keys(stored).length) continue;
        await this.keys.set({ 'sender-key-memory': { [group.id]: kept } });
        changed += 1;
      } catch (error) {
        this.log.warn({ err: error, group: group.id }, 'could not update a group sender-key memory');
      }
    }
    if (changed > 0) this.log.debug({ groups: changed, why }, 'sender-key memory forgotten for a member');
    return changed;
  }

  private onNotification(node: BinaryNode, why: 'devices' | 'identity'): void {
    const from = node.attrs.from;
    if (!from) return;
    const ids = [from, node.attrs.lid, node.attrs.pn].filter((id): id is string => Boolean(id));
    void this.forgetPerson(ids, why);
  }
}

function participantIds(p: GroupParticipant): string[] {
  return [p.id, p.lid, p.phoneNumber].filter((id): id is string => Boolean(id)).map(normalizeId);
}

function childTags(node: BinaryNode): string[] {
  return Array.isArray(node.content) ? node.content.map((child) => child.tag) : [];
}
