import type { DeliveryReader } from '../../src/bot/feature.js';
import type { DriverGuidesPort } from '../../src/bot/ports.js';
import type { DispatchRepo } from './dispatches.js';

/**
 * The guides sent to drivers (`guia … enviar`'s dispatch messages) and their delivery states, as
 * `choferes` and the console's Drivers page read them (`DRIVER_GUIDES`).
 */
export function createDriverGuides(
  dispatches: Pick<DispatchRepo, 'isItem' | 'itemIds'>,
  deliveries: Pick<DeliveryReader, 'inChats' | 'countsFor'>,
): DriverGuidesPort {
  return {
    // The latest guide, not the latest message: the greeting or a `guia` reply in the driver's
    // direct chat would otherwise hide a failed guide.
    latestFor(chatIds) {
      const record = deliveries.inChats(chatIds).find((r) => dispatches.isItem(r.waId));
      if (!record) return undefined;
      return record.code === undefined
        ? { state: record.state, at: record.stateAt }
        : { state: record.state, code: record.code, at: record.stateAt };
    },
    counts: () => deliveries.countsFor(dispatches.itemIds()),
  };
}
