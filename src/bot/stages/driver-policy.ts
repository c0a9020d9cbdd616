import { isTopical } from '../../language/index.js';
import { commandOf } from './edits.js';
import { answer, driverHelp, isAdmin, type Stage } from './turn.js';

/**
 * Direct chats: a registered driver gets the help when it is due or asked for (`ayuda`, `hola`),
 * a short "only your guides here" for another command, and silence for thanks and chatter; any
 * other member is told direct chats are for admins (unless `directChats: everyone`).
 */
export const driverPolicy: Stage = {
  name: 'driver-policy',
  run(turn, deps) {
    const { message, reading } = turn;
    if (message.isGroup || !reading) return undefined;
    const everyone = deps.policy.directChats === 'everyone';
    const command = reading.command ? deps.commands.get(reading.command) : undefined;
    const request = reading.act === 'request';
    const driver = isAdmin(turn) ? undefined : turn.driver;
    if (driver && !everyone && !(request && command?.driversInDirectChat)) {
      const asksHelp = (request && command !== undefined && isTopical(command)) || reading.act === 'greeting';
      if (driver.greet || asksHelp) return driverHelp(turn, deps, command?.name);
      if (!request) return { outcome: 'ignored', reason: 'driver-chatter' };
      const result = { outcome: 'denied', reason: 'driver-command', ...commandOf(reading) } as const;
      return answer(turn, deps, 'errors/driver-only-guides', { command: command?.name }, result);
    }
    if (!isAdmin(turn) && !driver && !everyone) {
      const result = { outcome: 'denied', reason: 'direct', ...commandOf(reading) } as const;
      return answer(turn, deps, 'errors/denied-direct', {}, result);
    }
    return undefined;
  },
};
