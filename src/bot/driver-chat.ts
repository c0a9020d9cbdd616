import { directChat, isAnyOf, isLid } from '../transports/ids.js';
import { type BotServices, type Driver, type DriverContact, DRIVER_CONTACTS, DRIVERS } from './ports.js';
import type { IncomingMessage } from '../transports/transport.js';

/**
 * Drivers opt in by writing to the bot. Since 2025 WhatsApp refuses or silently drops a linked
 * device's first message to a number that never wrote to it (error ack 463, or nothing; Baileys
 * #2441, #2653, #2688, #2707), so a driver's own message is what makes the guide deliverable.
 * The pipeline reads the drivers through the registry (`DRIVERS`, `DRIVER_CONTACTS`): the drivers
 * feature provides them; without it no chat is a driver's.
 */

/**
 * The registered driver a direct chat is with, judged by the chat's own id only: the driver's
 * phone-number id (the message comes from the phone itself), or the LID stored for the driver
 * (a pair learnt earlier: `chofer`, a guide sent, a message from the phone). The phone WhatsApp
 * adds beside a LID (`remoteJidAlt`, or Baileys' mapping) never recognises a driver on its own.
 */
export function recogniseDriver(
  message: Pick<IncomingMessage, 'chatId'>,
  services: Pick<BotServices, 'registry'>,
): Driver | undefined {
  const drivers = services.registry.get(DRIVERS);
  if (!drivers) return undefined;
  const contacts = services.registry.get(DRIVER_CONTACTS);
  const chat = [message.chatId];
  if (!isLid(message.chatId))
    return drivers.list().find((driver) => driver.phone !== undefined && isAnyOf(chat, [driver.phone]));
  return drivers.list().find((driver) => {
    const lids = [driver.lid, contacts?.get(driver.documentNumber)?.lid].filter((id) => id !== undefined);
    return isAnyOf(chat, lids);
  });
}

/**
 * Every chat a driver may be reached in: the number's chat, the LID registered for a driver
 * WhatsApp shows without a number, the LID WhatsApp paired with the number (`contact.lid`).
 */
export function driverChats(driver: Driver, contact?: Pick<DriverContact, 'lid'>): string[] {
  const chats = [driver.phone === undefined ? undefined : directChat(driver.phone), driver.lid, contact?.lid];
  return [...new Set(chats.filter((chat) => chat !== undefined))];
}

/**
 * The chat a driver's guide goes to: the LID WhatsApp gave for the number when known (v7
 * addresses 1:1 chats by LID, and a PN-addressed first message is the one most often dropped,
 * Baileys #1768), else the driver's LID or number.
 */
export function driverChat(driver: Driver, contact?: Pick<DriverContact, 'lid'>): string {
  if (contact?.lid !== undefined) return contact.lid;
  if (driver.lid !== undefined) return driver.lid;
  return directChat(driver.phone ?? '');
}

/**
 * Records that the driver wrote (their opt-in) and returns when they had last written before
 * (ms), or undefined the first time or without the drivers' contacts.
 */
export function markDriverReached(
  driver: Driver,
  services: Pick<BotServices, 'registry'>,
): number | undefined {
  const contacts = services.registry.get(DRIVER_CONTACTS);
  const before = contacts?.get(driver.documentNumber)?.reachedAt;
  contacts?.markReached(driver.documentNumber);
  return before;
}
