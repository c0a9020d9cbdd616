import { type ChatAccess, chatAccessNow, senderRole } from '../guards.js';
import { commandOf } from './edits.js';
import type { RouteResult } from '../outcome.js';
import { isAdmin, type RouterDeps, type Stage, type Turn } from './turn.js';

/**
 * Where and who: whether the group is active (persisted `activar`/`desactivar`, else the config),
 * marked for personal data, and the sender's role. An inactive group hears only its admins'
 * commands that work there (`activar`).
 */
export const access: Stage = {
  name: 'access',
  run(turn, deps) {
    const found = chatAccessNow(turn.message, {
      policy: deps.policy,
      groupSettings: deps.services.groupSettings,
      directory: deps.services.directory,
      log: deps.log,
    });
    // Decided from the config alone (the usual case): no promise, no microtask turn.
    return found instanceof Promise
      ? found.then((access) => decide(turn, deps, access))
      : decide(turn, deps, found);
  },
};

function decide(turn: Turn, deps: RouterDeps, found: ChatAccess): RouteResult | undefined {
  const { message, reading } = turn;
  turn.access = found;
  turn.role = senderRole(message, deps.policy, found.allowed);
  if (found.active) return undefined;
  const command = reading?.command ? deps.commands.get(reading.command) : undefined;
  if (command?.worksInInactiveGroups && isAdmin(turn)) return undefined;
  return {
    outcome: 'ignored',
    reason: 'inactive-group',
    ...commandOf(reading ?? {}),
    because: reading?.because ?? [],
  };
}
