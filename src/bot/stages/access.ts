import { chatAccess, senderRole } from '../guards.js';
import { commandOf } from './edits.js';
import { isAdmin, type Stage } from './turn.js';

/**
 * Where and who: whether the group is active (persisted `activar`/`desactivar`, else the config),
 * marked for personal data, and the sender's role. An inactive group hears only its admins'
 * commands that work there (`activar`).
 */
export const access: Stage = {
  name: 'access',
  async run(turn, deps) {
    const { message, reading } = turn;
    const found = await chatAccess(message, {
      policy: deps.policy,
      groupSettings: deps.services.groupSettings,
      directory: deps.services.directory,
      log: deps.log,
    });
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
  },
};
