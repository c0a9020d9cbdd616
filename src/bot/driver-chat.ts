import { idDigits } from './ids.js';
import type { Driver, DriverContactsPort, DriversPort } from './ports.js';

/**
 * Drivers opt in by writing to the bot. Since 2025 WhatsApp refuses or silently drops a linked
 * device's first message to a number that never wrote to it (error ack 463, or nothing; Baileys
 * #2441, #2653, #2688, #2707), so a driver's own message is what makes the guide deliverable.
 */

/** True for a LID id (`…@lid`): its digits are not a phone number. */
function isLid(id: string): boolean {
  return id.endsWith('@lid');
}

/**
 * The registered driver a direct-chat sender is: a phone-number id whose digits are the driver's
 * registered phone, or the LID WhatsApp returned for that phone (a LID-only sender whose PN
 * Baileys could not resolve is still recognised).
 */
export function recogniseDriver(
  senderIds: readonly string[],
  drivers: Pick<DriversPort, 'list'>,
  contacts: Pick<DriverContactsPort, 'get'> | undefined,
): Driver | undefined {
  const phones = new Set(
    senderIds
      .filter((id) => !isLid(id))
      .map(idDigits)
      .filter(Boolean),
  );
  const lids = new Set(senderIds.filter(isLid).map((id) => idDigits(id)));
  return drivers.list().find((driver) => {
    if (phones.has(driver.phone)) return true;
    const lid = contacts?.get(driver.documentNumber)?.lid;
    return lid !== undefined && lids.has(idDigits(lid));
  });
}
