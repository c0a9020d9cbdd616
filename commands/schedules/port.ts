import type { CommandContext } from '../../src/bot/command.js';
import { SCHEDULES } from '../../src/bot/ports.js';
import { UserError } from '../../src/errors/user-error.js';
import type { SchedulesPort } from '../../src/scheduler/port.js';

/** The schedules port, or the "not active" reply when the scheduler is not wired. */
export function schedulesOf(ctx: CommandContext<unknown>): SchedulesPort {
  const port = ctx.services.registry.get(SCHEDULES);
  if (!port) throw new UserError('schedule-unavailable');
  return port;
}
