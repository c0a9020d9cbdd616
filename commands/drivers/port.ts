import type { CommandContext } from '../../src/bot/command.js';
import { DRIVER_CONTACTS, DRIVERS, type DriverContactsPort, type DriversPort } from '../../src/bot/ports.js';
import { serviceKey } from '../../src/bot/registry.js';
import type { NumberCheck } from '../../src/transports/transport.js';

/**
 * WhatsApp's answer to "does this number have an account?" (`chofer` asks before saving); absent
 * when the transport cannot ask (the terminal, tests): the answer is then `unknown`.
 */
export const NUMBER_CHECK = serviceKey<(phone: string) => Promise<NumberCheck>>('drivers:number-check');

/** What `chofer` and `choferes` read: the drivers and their contacts (this feature provides both). */
export function driversOf(ctx: Pick<CommandContext<unknown>, 'services'>): {
  drivers: DriversPort;
  contacts: DriverContactsPort | undefined;
} {
  const drivers = ctx.services.registry.get(DRIVERS);
  // Provided by this very feature: absent only when the app was built without it.
  if (!drivers) throw new Error('the drivers feature is not wired');
  return { drivers, contacts: ctx.services.registry.get(DRIVER_CONTACTS) };
}
