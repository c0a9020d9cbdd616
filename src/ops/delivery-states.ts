import { driverChats } from '../bot/driver-chat.js';
import { DRIVER_CONTACTS, DRIVER_GUIDES, DRIVERS } from '../bot/ports.js';
import type { ServiceRegistry } from '../bot/registry.js';
import type { DeliveryStatesPort } from './ports.js';

/**
 * Driver deliveries (issue 12) as the console's Drivers page and /metrics read them: state counts
 * of the guides sent with `guia … enviar`, and per driver the latest of those guides sent to their
 * phone-number or LID chat (what `choferes` shows in the chat; greetings and replies excluded).
 * Read from the app's registry on every call (`DRIVERS`, `DRIVER_CONTACTS`, `DRIVER_GUIDES`, the
 * drivers and guides features' contracts): `chasqui start` builds ops before the app.
 */
export function deliveryStatesOf(registry: Pick<ServiceRegistry, 'get'>): DeliveryStatesPort {
  return {
    counts: () => registry.get(DRIVER_GUIDES)?.counts() ?? {},
    latestByDriver() {
      const guides = registry.get(DRIVER_GUIDES);
      const contacts = registry.get(DRIVER_CONTACTS);
      const out: Record<string, { state: string; at: Date }> = {};
      if (!guides) return out;
      for (const driver of registry.get(DRIVERS)?.list() ?? []) {
        const latest = guides.latestFor(driverChats(driver, contacts?.get(driver.documentNumber)));
        if (latest) out[driver.documentNumber] = { state: latest.state, at: new Date(latest.at) };
      }
      return out;
    },
  };
}
