import { groupToggleCommand } from './lib/toggle-group.js';

/** `desactivar` (admins, in a group): turns the bot off there; persisted, overrides the config. */
export const desactivar = groupToggleCommand({
  name: 'desactivar',
  alias: 'apagar',
  phrases: ['desactiva', 'desactivate', 'apaga', 'apagate'],
  summary: 'Desactiva el bot en este grupo (deja de responder)',
  active: false,
});
