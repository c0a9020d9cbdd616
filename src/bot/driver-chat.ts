import { isAnyOf, isLid } from '../transports/ids.js';
import { type BotServices, type Driver, DRIVER_CONTACTS, DRIVERS } from './ports.js';
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
  if (!isLid(message.chatId)) return drivers.list().find((driver) => isAnyOf(chat, [driver.phone]));
  return drivers.list().find((driver) => {
    const lid = contacts?.get(driver.documentNumber)?.lid;
    return lid !== undefined && isAnyOf(chat, [lid]);
  });
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
