import { idDigits } from '../bot/ids.js';
import type { DriversPort } from '../bot/ports.js';
import type { DriverContactsRepo } from '../store/driver-contacts.js';

/**
 * Drivers' LIDs, learnt from what WhatsApp itself pairs with their number, so a driver who later
 * writes from a LID-only chat (no phone number in the message and none Baileys can map) is still
 * recognised: bot/driver-chat.ts matches the stored LID. `chofer` stores one only when WhatsApp
 * returns it at registration; config-file drivers and numbers registered offline had none.
 */

/**
 * A message whose sender ids hold exactly one phone-number id and one LID (v7's `remoteJidAlt` /
 * `participantAlt`, group metadata, or Baileys' own mapping) pairs them: a registered driver with
 * that number gets the LID stored. Returns the driver's document number when it was new.
 */
export function learnDriverLid(
  senderIds: readonly string[],
  drivers: Pick<DriversPort, 'list'>,
  contacts: Pick<DriverContactsRepo, 'learnLid'>,
): string | undefined {
  const lids = [...new Set(senderIds.filter((id) => id.endsWith('@lid')))];
  const phones = [
    ...new Set(senderIds.filter((id) => id.endsWith('@s.whatsapp.net')).map((id) => idDigits(id))),
  ];
  const lid = lids[0];
  // Ambiguous (several of either) or nothing to pair: learn nothing rather than guess.
  if (lids.length !== 1 || phones.length !== 1 || lid === undefined) return undefined;
  const driver = drivers.list().find((d) => d.phone === phones[0]);
  if (!driver) return undefined;
  return contacts.learnLid(driver.documentNumber, lid) ? driver.documentNumber : undefined;
}

/** True for a 1:1 phone-number chat (`…@s.whatsapp.net`), the addressing a LID may replace. */
export function isPhoneChat(chatId: string): boolean {
  return chatId.endsWith('@s.whatsapp.net');
}
