import type { DriverContactsPort, DriversPort } from '../bot/ports.js';
import type { Config } from '../config.js';
import type { DeliveryStatesPort } from '../console/ports.js';
import { createDeliveryRepo, type DeliveryRepo } from '../store/delivery.js';
import { createDriverContactsRepo } from '../store/driver-contacts.js';
import { createDriversRepo } from '../store/drivers.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { directChat } from '../transports/ids.js';

/**
 * Driver deliveries (issue 12) as the console's Drivers page and /metrics read them: state counts
 * of the guides sent with `guia … enviar`, and per driver the latest of those guides sent to their
 * phone-number or LID chat (what `choferes` shows in the chat; greetings and replies excluded).
 */
export function createDeliveryStates(options: {
  deliveries: Pick<DeliveryRepo, 'driverCountsByState' | 'latestGuideFor'>;
  drivers: Pick<DriversPort, 'list'>;
  contacts: Pick<DriverContactsPort, 'get'>;
}): DeliveryStatesPort {
  const { deliveries, drivers, contacts } = options;
  return {
    counts: () => deliveries.driverCountsByState(),
    latestByDriver() {
      const out: Record<string, { state: string; at: Date }> = {};
      for (const driver of drivers.list()) {
        const lid = contacts.get(driver.documentNumber)?.lid;
        const record = deliveries.latestGuideFor([directChat(driver.phone), ...(lid ? [lid] : [])]);
        if (record) out[driver.documentNumber] = { state: record.state, at: new Date(record.stateAt) };
      }
      return out;
    },
  };
}

/** The same over the database `chasqui start` shares with the bot (drivers seeded from config). */
export function storedDeliveryStates(
  db: SqliteDatabase,
  config: Pick<Config, 'drivers'>,
): DeliveryStatesPort {
  return createDeliveryStates({
    deliveries: createDeliveryRepo(db),
    drivers: createDriversRepo(db, { seed: config.drivers }),
    contacts: createDriverContactsRepo(db),
  });
}
