import { isAnyOf } from '../../transports/ids.js';
import type { Stage } from './turn.js';

/** The bot's own messages (from another device of its account) are never read. */
export const ignoreSelf: Stage = {
  name: 'ignore-self',
  run(turn) {
    if (isAnyOf(turn.message.senderIds, turn.selfIds)) {
      return { outcome: 'ignored', reason: 'self' };
    }
    return undefined;
  },
};
