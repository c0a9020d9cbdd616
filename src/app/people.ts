import type { PeoplePort } from '../bot/ports.js';
import { idUser, isAnyOf, normalizeId } from '../transports/ids.js';
import type { Transport } from '../transports/transport.js';

/**
 * The people port over the app's transport: WhatsApp pairs a LID with its number (rosters, number
 * checks) and knows the groups' rosters; the terminal and memory transports know neither, so an id
 * stays itself and membership is unknown.
 */
export function createPeople(transport: Pick<Transport, 'selfIds' | 'personIds' | 'isMember'>): PeoplePort {
  const ids = (id: string) => transport.personIds?.(id) ?? [normalizeId(id)];
  return {
    ids,
    isMember: (chatId, id) => transport.isMember?.(chatId, id),
    // Any form: a LID-addressed group mentions the bot by its LID, which `selfIds` may not list.
    isSelf: (id) =>
      id.includes('@')
        ? isAnyOf(ids(id), transport.selfIds())
        : transport.selfIds().some((self) => idUser(self) === id),
  };
}
