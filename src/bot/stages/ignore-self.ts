import { idDigits } from '../../transports/ids.js';
import type { Stage } from './turn.js';

/** The bot's own messages (from another device of its account) are never read. */
export const ignoreSelf: Stage = {
  name: 'ignore-self',
  run(turn) {
    if (turn.message.senderIds.some((id) => turn.selfDigits.includes(idDigits(id)))) {
      return { outcome: 'ignored', reason: 'self' };
    }
    return undefined;
  },
};
