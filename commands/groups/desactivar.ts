import { groupToggleCommand } from './toggle-group.js';

/** `desactivar` (admins, in a group): turns the bot off there; persisted, overrides the config. */
export const desactivar = groupToggleCommand({
  name: 'desactivar',
  triggers: [
    { parts: ['name'] },
    { parts: ['v:deactivate'] },
    { parts: ['v:silence'], needs: 'bot' },
    { parts: ['k:switch=off'], needs: 'bot' },
    { parts: ['not:answer'], needs: 'bot-or-here' },
    { parts: ['stop:answer'], needs: 'bot-or-here' },
  ],
  summary: 'Desactiva el bot en este grupo (deja de responder)',
  active: false,
});
