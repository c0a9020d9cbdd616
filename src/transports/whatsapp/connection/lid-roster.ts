import { type GroupMetadata, isLidUser, isPnUser } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { LidPairsRepo } from '../../../store/lid-pairs.js';
import { directChat, idDigits, normalizeId } from '../../ids.js';
import type { SocketLike } from './socket.js';

/**
 * LID ↔ phone pairs as group rosters give them: in rc14 a participant whose `id` is a LID carries
 * its `phoneNumber`, one whose `id` is a phone number carries its `lid`. Each roster (the full
 * fetch at open, `groups.upsert`, `group-participants.update`) teaches its pairs to the store
 * (kept across relinks) and to Baileys' own mapping (its 1:1 sends and `getPNForLID` use it).
 */
export function rosterPairs(
  groups: readonly Pick<GroupMetadata, 'participants'>[],
): { lid: string; phone: string }[] {
  const pairs = new Map<string, string>();
  for (const group of groups) {
    for (const p of group.participants) {
      const lid = isLidUser(p.id) ? p.id : p.lid;
      const phone = isPnUser(p.id) ? p.id : p.phoneNumber;
      if (!lid || !phone || !isLidUser(lid) || !isPnUser(phone)) continue;
      pairs.set(normalizeId(lid), idDigits(phone));
    }
  }
  return [...pairs].map(([lid, phone]) => ({ lid, phone }));
}

/** Keeps the roster's pairs; never throws (a roster is learnt again at the next open). */
export async function learnRoster(
  groups: readonly Pick<GroupMetadata, 'participants'>[],
  repo: LidPairsRepo,
  sock: SocketLike | undefined,
  now: number,
  log: Logger,
): Promise<number> {
  const pairs = rosterPairs(groups);
  if (pairs.length === 0) return 0;
  try {
    const changed = repo.learn(pairs, now);
    await sock?.signalRepository.lidMapping.storeLIDPNMappings?.(
      pairs.map(({ lid, phone }) => ({ lid, pn: directChat(phone) })),
    );
    if (changed > 0) log.debug({ pairs: changed }, 'LID pairs learnt from group rosters');
    return changed;
  } catch (error) {
    log.warn({ err: error }, 'could not keep LID pairs from a roster');
    return 0;
  }
}
