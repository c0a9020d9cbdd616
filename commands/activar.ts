import { groupToggleCommand } from './lib/toggle-group.js';

/** `activar` (admins, in a group): turns the bot on there; persisted, overrides the config. */
export const activar = groupToggleCommand({
  name: 'activar',
  alias: 'encender',
  phrases: ['activa', 'activate', 'enciende', 'prender', 'prende'],
  summary: 'Activa el bot en este grupo',
  active: true,
});
