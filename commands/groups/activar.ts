import { groupToggleCommand } from './toggle-group.js';

/** `activar` (admins, in a group): turns the bot on there; persisted, overrides the config. */
export const activar = groupToggleCommand({
  name: 'activar',
  triggers: [
    { parts: ['name'] },
    { parts: ['v:activate'] },
    { parts: ['v:wake'], needs: 'bot-or-here' },
    { parts: ['k:switch=on'], needs: 'bot' },
    { parts: ['v:modal', 'v:answer'], needs: 'bot-or-here' },
  ],
  summary: 'Activa el bot en este grupo',
  active: true,
});
