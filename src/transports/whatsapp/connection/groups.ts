import {
  type BaileysEventMap,
  type GroupMetadata,
  type GroupParticipant,
  isLidUser,
  isPnUser,
} from '@whiskeysockets/baileys';
import type { GroupSource } from '../../../groups/directory.js';
import type { Group, GroupParticipant as GroupParticipantRecord } from '../../../lookup/schemas/group.js';
import { isGroupChat, normalizeId } from '../../ids.js';

/**
 * Group metadata cache for the socket's `cachedGroupMetadata` (without it every group send asks
 * WhatsApp for metadata and hits `rate-overlimit`), for chat names and admin roles of incoming
 * messages, and for the session-backed group directory. Warmed by `groupFetchAllParticipating()`,
 * kept current from the partial payloads of `groups.update` and `group-participants.update`.
 */
export class GroupMetadataCache {
  private readonly groups = new Map<string, GroupMetadata>();

  get(jid: string): GroupMetadata | undefined {
    return this.groups.get(jid);
  }

  list(): GroupMetadata[] {
    return [...this.groups.values()];
  }

  get size(): number {
    return this.groups.size;
  }

  /** Replaces everything with a full fetch (`groupFetchAllParticipating()`). */
  replaceAll(all: Record<string, GroupMetadata>): void {
    this.groups.clear();
    for (const meta of Object.values(all)) this.groups.set(meta.id, meta);
  }

  /** Full records (`groups.upsert`, a single `groupMetadata()` fetch). */
  upsert(list: readonly GroupMetadata[]): void {
    for (const meta of list) this.groups.set(meta.id, meta);
  }

  /** Partial records (`groups.update`): merged into known groups; unknown ids are ignored. */
  update(partials: readonly Partial<GroupMetadata>[]): void {
    for (const partial of partials) {
      const current = partial.id ? this.groups.get(partial.id) : undefined;
      if (!current) continue;
      const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
      // `author*` describe who changed the group, not the group itself.
      delete defined.author;
      delete defined.authorPn;
      delete defined.authorUsername;
      this.groups.set(current.id, {
        ...current,
        ...defined,
        participants: partial.participants ?? current.participants,
      });
    }
  }

  /**
   * Whether any of `ids` (one person's forms: phone id, LID) is in group `jid`'s roster, or in any
   * group's for a chat that is no group; undefined when that roster is not cached.
   */
  hasMember(jid: string, ids: readonly string[]): boolean | undefined {
    const wanted = new Set(ids.map(normalizeId));
    const groups = isGroupChat(jid) ? [this.groups.get(jid)] : [...this.groups.values()];
    if (groups.length === 0 || groups.some((group) => group === undefined)) return undefined;
    return groups.some((group) =>
      group?.participants.some((p) =>
        [p.id, p.lid, p.phoneNumber].some((id) => id && wanted.has(normalizeId(id))),
      ),
    );
  }

  /** `group-participants.update`: add, remove, promote, demote, modify. */
  participants(event: BaileysEventMap['group-participants.update'], selfIds: readonly string[] = []): void {
    const current = this.groups.get(event.id);
    if (!current) return;
    const matches = (a: GroupParticipant, b: GroupParticipant): boolean => {
      const ids = new Set(
        [a.id, a.lid, a.phoneNumber].filter(Boolean).map((id) => normalizeId(id as string)),
      );
      return [b.id, b.lid, b.phoneNumber].some((id) => id && ids.has(normalizeId(id)));
    };
    let participants = [...current.participants];
    switch (event.action) {
      case 'add':
        for (const p of event.participants) {
          participants = participants.filter((q) => !matches(q, p));
          participants.push({ ...p, admin: p.admin ?? null });
        }
        break;
      case 'remove': {
        const self = new Set(selfIds.map(normalizeId));
        if (
          event.participants.some((p) =>
            [p.id, p.lid, p.phoneNumber].some((id) => id && self.has(normalizeId(id))),
          )
        ) {
          this.groups.delete(event.id);
          return;
        }
        participants = participants.filter((q) => !event.participants.some((p) => matches(q, p)));
        break;
      }
      case 'promote':
      case 'demote':
        participants = participants.map((q) =>
          event.participants.some((p) => matches(q, p))
            ? { ...q, admin: event.action === 'promote' ? 'admin' : null }
            : q,
        );
        break;
      case 'modify':
        participants = participants.map((q) => {
          const p = event.participants.find((candidate) => matches(q, candidate));
          return p ? { ...q, ...p, admin: p.admin ?? q.admin ?? null } : q;
        });
        break;
    }
    this.groups.set(event.id, { ...current, participants, size: participants.length });
  }
}

function isoSeconds(seconds: number | undefined): string {
  return seconds ? new Date(seconds * 1000).toISOString() : '';
}

function participantRecord(p: GroupParticipant): GroupParticipantRecord {
  return {
    JID: p.id,
    // Baileys fills `lid` only when id is a PN and `phoneNumber` only when id is a LID: the id
    // itself is the other form, so both fields are always given when known (as the host does).
    LID: p.lid ?? (isLidUser(p.id) ? p.id : ''),
    PhoneNumber: p.phoneNumber ?? (isPnUser(p.id) ? p.id : ''),
    IsAdmin: p.admin != null,
    IsSuperAdmin: p.admin === 'superadmin',
    DisplayName: p.notify ?? p.name ?? '',
    Error: 0,
    AddRequest: '',
  };
}

/** Baileys GroupMetadata → the spec's group record 2.16 (mapping from the Baileys v7 notes). */
export function groupToRecord(meta: GroupMetadata): Group {
  const participants = meta.participants.map(participantRecord);
  return {
    JID: meta.id,
    OwnerJID: meta.owner ?? '',
    OwnerPN: meta.ownerPn ?? '',
    Name: meta.subject ?? '',
    NameSetAt: isoSeconds(meta.subjectTime),
    NameSetBy: meta.subjectOwner ?? '',
    NameSetByPN: meta.subjectOwnerPn ?? '',
    Topic: meta.desc ?? '',
    TopicID: meta.descId ?? '',
    TopicSetAt: isoSeconds(meta.descTime),
    TopicSetBy: meta.descOwner ?? '',
    TopicSetByPN: meta.descOwnerPn ?? '',
    TopicDeleted: false,
    IsLocked: meta.restrict === true,
    IsAnnounce: meta.announce === true,
    AnnounceVersionID: '',
    IsEphemeral: (meta.ephemeralDuration ?? 0) > 0,
    DisappearingTimer: meta.ephemeralDuration ?? 0,
    IsIncognito: false,
    IsParent: meta.isCommunity === true,
    DefaultMembershipApprovalMode: meta.joinApprovalMode ? 'request_required' : '',
    LinkedParentJID: meta.linkedParent ?? '',
    IsDefaultSubGroup: meta.isCommunityAnnounce === true,
    IsJoinApprovalRequired: meta.joinApprovalMode === true,
    AddressingMode: meta.addressingMode ?? '',
    GroupCreated: isoSeconds(meta.creation),
    CreatorCountryCode: meta.owner_country_code ?? '',
    ParticipantVersionID: '',
    Participants: participants,
    ParticipantCount: meta.size ?? participants.length,
    MemberAddMode:
      meta.memberAddMode === undefined ? '' : meta.memberAddMode ? 'all_member_add' : 'admin_add',
    Suspended: false,
  };
}

/** The directory's source when no messaging host is configured: the groups of this session. */
export function createSessionGroupSource(cache: GroupMetadataCache): GroupSource {
  return async () => cache.list().map(groupToRecord);
}
