import { markDriverReached, recogniseDriver } from '../driver-chat.js';
import type { Stage } from './turn.js';

/** Twelve hours of silence before a driver's message gets the help again. */
const HELP_AGAIN_MS = 12 * 3600_000;

/**
 * Anything a registered driver sends in a direct chat is their opt-in, recorded before any other
 * rule (a sticker, a rate-limited message or chatter counts too). The help is due on the first
 * message and again after 12 h of silence, so "ok" or "gracias" after a guide gets no reply.
 */
export const driverOptIn: Stage = {
  name: 'driver-opt-in',
  run(turn, deps) {
    if (turn.message.isGroup) return undefined;
    const { services } = deps;
    const driver = recogniseDriver(turn.message, services);
    if (!driver) return undefined;
    const before = markDriverReached(driver, services);
    const greet = before === undefined || deps.now().getTime() - before > HELP_AGAIN_MS;
    turn.driver = { driver, greet };
    return undefined;
  },
};
