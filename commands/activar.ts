import { namingTheBot, namingTheBotOrHere } from './lib/forms.js';
import { groupToggleCommand } from './lib/toggle-group.js';

/** `activar` (admins, in a group): turns the bot on there; persisted, overrides the config. */
export const activar = groupToggleCommand({
  name: 'activar',
  alias: 'encender',
  phrases: [
    // Verbs only said of a machine: alone they are enough (`actívate`, `prende el bot`).
    'activa',
    'activate',
    'enciende',
    'enciendete',
    'prender',
    'prende',
    'prendete',
    'reactivar',
    'reactiva',
    'reactivate',
    // Colloquial: only with the bot named (`bot despierta`, `bot on`). Not `bot responde`: a
    // member asks that (`el bot responde?`) and would get a refusal.
    ...namingTheBot(['despierta', 'despiertate', 'on', 'vuelve']),
    // About answering: the bot named or the place (`ya puedes responder aquí`).
    ...namingTheBotOrHere([
      'ya puedes responder',
      'puedes responder',
      'ya puedes contestar',
      'vuelve a responder',
      'vuelve a contestar',
      'responde de nuevo',
    ]),
  ],
  triggers: [
    { parts: ['name'] },
    { parts: ['v:activate'] },
    { parts: ['v*:wake'], needs: 'bot-or-here' },
    { parts: ['k:switch=on'], needs: 'bot' },
    { parts: ['v:modal', 'v:answer'], needs: 'bot-or-here' },
  ],
  summary: 'Activa el bot en este grupo',
  active: true,
});
