import type { Feature, FeatureDeps, FeatureServices } from '../../src/bot/feature.js';
import { DRIVER_CONTACTS, DRIVERS } from '../../src/bot/ports.js';
import { provide } from '../../src/bot/registry.js';
import { chofer } from './chofer.js';
import { choferes } from './choferes.js';
import { createDriverContactsRepo } from './contacts.js';
import { learnDriverLid } from './lids.js';
import { driverMigrations } from './migrations.js';
import { NUMBER_CHECK } from './port.js';
import { createDriversRepo } from './store.js';

/** The drivers (config file + `chofer`), what WhatsApp told us of their numbers, their LIDs. */
function driverServices(deps: FeatureDeps): FeatureServices {
  const { logger, now, tracking } = deps;
  const drivers = createDriversRepo(deps.db, { seed: deps.config.drivers, now });
  const contacts = createDriverContactsRepo(deps.db, { now: () => now().getTime() });
  return {
    provides: [
      provide(DRIVERS, drivers),
      provide(DRIVER_CONTACTS, contacts),
      ...(tracking ? [provide(NUMBER_CHECK, (phone: string) => tracking.checkNumber(phone))] : []),
    ],
    // Before routing: a registered driver's PN + LID pair is stored, so their LID-only messages
    // are recognised later (lids.ts).
    observe(message) {
      try {
        if (learnDriverLid(message, drivers, contacts)) {
          const chatId = message.isGroup ? message.chatId : 'direct';
          logger.info({ chatId }, 'driver LID learnt from a message');
        }
      } catch (error) {
        logger.error({ err: error }, 'could not learn a driver LID');
      }
    },
  };
}

/**
 * `chofer <dni> <número>` / `chofer borrar <dni>` and `choferes`: the drivers guides go to (also
 * from the config file and the console), their opt-in and what WhatsApp said of their numbers. The
 * pipeline's driver stages and `guia … enviar` read them through `DRIVERS` and `DRIVER_CONTACTS`.
 */
export const drivers: Feature = {
  name: 'drivers',
  commands: [chofer, choferes],
  migrations: driverMigrations,
  services: driverServices,
};
