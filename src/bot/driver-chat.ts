import { isAnyOf, isLid } from '../transports/ids.js';
import type { Driver, DriverContactsPort, DriversPort } from './ports.js';
import type { IncomingMessage } from '../transports/transport.js';

/**
 * Drivers opt in by writing to the bot. Since 2025 WhatsApp refuses or silently drops a linked
 * device's first message to a number that never wrote to it (error ack 463, or nothing; Baileys
 * #2441, #2653, #2688, #2707), so a driver's own message is what makes the guide deliverable.
 */

/**
 * The registered driver a direct chat is with, judged by the chat's own id only: the driver's
 * phone-number id (the message comes from the phone itself), or the LID stored for the driver
 * (a pair learnt earlier: `chofer`, a guide sent, a message from the phone). The phone WhatsApp
 * adds beside a LID (`remoteJidAlt`, or Baileys' mapping) never recognises a driver on its own.
 */
export function recogniseDriver(
  message: Pick<IncomingMessage, 'chatId'>,
  drivers: Pick<DriversPort, 'list'>,
  contacts: Pick<DriverContactsPort, 'get'> | undefined,
): Driver | undefined {
  const chat = [message.chatId];
  if (!isLid(message.chatId)) return drivers.list().find((driver) => isAnyOf(chat, [driver.phone]));
  return drivers.list().find((driver) => {
    const lid = contacts?.get(driver.documentNumber)?.lid;
    return lid !== undefined && isAnyOf(chat, [lid]);
  });
}
