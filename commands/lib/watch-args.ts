import type { CommandContext } from '../../src/bot/command.js';
import { UserError } from '../../src/errors/user-error.js';
import type { WatchPort } from '../../src/watch/port.js';

/** The watch list, or a templated "not available" when the app has none. */
export function watchPort(ctx: CommandContext<unknown>): WatchPort {
  const port = ctx.services.watch;
  if (!port) throw new UserError('vigilar-no-disponible');
  return port;
}
