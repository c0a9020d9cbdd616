import type { UnderstandContext } from '../../language/index.js';
import { isOwner } from '../guards.js';
import type { BotSettings } from '../ports.js';
import { answered, driverHelp, type Stage } from './turn.js';

/**
 * What `understand()` is told about one message: the router's, and `chasqui entender` and
 * `chat --explain` build it the same way so they show the reading the bot acts on.
 */
export function understandContext(
  isGroup: boolean,
  selfDigits: readonly string[],
  settings: Pick<BotSettings, 'taxPortal' | 'holidays'>,
  now: Date,
): UnderstandContext {
  return {
    isGroup,
    selfDigits,
    now,
    ...(settings.taxPortal?.ruc ? { ownRuc: settings.taxPortal.ruc } : {}),
    ...(settings.holidays ? { holidays: settings.holidays } : {}),
  };
}

/**
 * Reads the message (src/language: pure, bounded, explained). Empty messages and chatter end here:
 * only a request, or a message addressed to the bot, goes on. An empty message from a driver whose
 * help is due gets the help.
 */
export const understandStage: Stage = {
  name: 'understand',
  run(turn, deps) {
    const context = understandContext(
      turn.message.isGroup,
      turn.selfDigits,
      deps.services.settings,
      deps.now(),
    );
    const reading = deps.understanding.understand(turn.message.text, context);
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
