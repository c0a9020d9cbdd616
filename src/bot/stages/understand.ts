import { isOwner } from '../guards.js';
import { answered, driverHelp, type Stage } from './turn.js';

/**
 * Reads the message (src/language: pure, bounded, explained). Empty messages and chatter end here:
 * only a request, or a message addressed to the bot, goes on. An empty message from a driver whose
 * help is due gets the help.
 */
export const understandStage: Stage = {
  name: 'understand',
  run(turn, deps) {
    const settings = deps.services.settings;
    const reading = deps.understanding.understand(turn.message.text, {
      isGroup: turn.message.isGroup,
      selfDigits: turn.selfDigits,
      now: deps.now(),
      ...(settings.taxPortal?.ruc ? { ownRuc: settings.taxPortal.ruc } : {}),
      ...(settings.holidays ? { holidays: settings.holidays } : {}),
    });
    turn.reading = reading;
    const because = reading.because;
    if (reading.because[0] === 'empty' && reading.act === 'unknown') {
      const directDriver = turn.driver?.greet === true && deps.policy.directChats !== 'everyone';
      if (directDriver && !isOwner(turn.message, deps.policy)) return driverHelp(turn, deps);
      return { outcome: 'ignored', reason: 'empty', because };
    }
    if (reading.act === 'thanks' && answered(turn))
      return { outcome: 'ignored', reason: 'courtesy', because };
    if (reading.act === 'request' || answered(turn)) return undefined;
    const command = reading.command;
    return {
      outcome: 'ignored',
      reason: reading.addressed ? 'unknown-dot' : 'chatter',
      ...(command ? { command } : {}),
      because,
    };
  },
};
