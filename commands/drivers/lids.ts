import type { DriverContactsPort, DriversPort } from '../../src/bot/ports.js';
import { isAnyOf, isLid, isPhoneId, normalizeId } from '../../src/transports/ids.js';
import type { IncomingMessage } from '../../src/transports/transport.js';

/**
 * Drivers' LIDs, learnt from what WhatsApp itself pairs with their number, so a driver who later
 * writes from a LID-only chat (no phone number in the message and none Baileys can map) is still
 * recognised: src/bot/driver-chat.ts matches the stored LID. `chofer` stores one only when WhatsApp
 * returns it at registration; config-file drivers and numbers registered offline had none.
 */

/**
 * A message whose sender ids hold exactly one phone-number id and one LID (v7's `remoteJidAlt` /
 * `participantAlt`, group metadata, or Baileys' own mapping) pairs them: a registered driver with
 * that number gets the LID stored. Returns the driver's document number when it was new.
 * A direct chat teaches a pair only when it is the phone's own chat: a LID chat's added phone
 * (`remoteJidAlt`) is what this pair must later confirm (src/bot/driver-chat.ts), never its source.
 */
export function learnDriverLid(
  message: Pick<IncomingMessage, 'chatId' | 'isGroup' | 'senderIds'>,
  drivers: Pick<DriversPort, 'list'>,
  contacts: Pick<DriverContactsPort, 'learnLid'>,
): string | undefined {
  if (!message.isGroup && !isPhoneId(message.chatId)) return undefined;
  const senderIds = message.senderIds;
  if (senderIds.length < 2) return undefined; // one id pairs nothing (most messages: read no further)
  const lids = [...new Set(senderIds.filter(isLid).map(normalizeId))];
  const phones = [...new Set(senderIds.filter(isPhoneId).map(normalizeId))];
  const lid = lids[0];
  // Ambiguous (several of either) or nothing to pair: learn nothing rather than guess.
  if (lids.length !== 1 || phones.length !== 1 || lid === undefined) return undefined;
  if (!message.isGroup && !isAnyOf([message.chatId], phones)) return undefined;
  const driver = drivers.list().find((d) => d.phone !== undefined && isAnyOf(phones, [d.phone]));
  if (!driver) return undefined;
  return contacts.learnLid(driver.documentNumber, lid) ? driver.documentNumber : undefined;
}
