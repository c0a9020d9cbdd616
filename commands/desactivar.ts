import { namingTheBot, namingTheBotOrHere } from './lib/forms.js';
import { groupToggleCommand } from './lib/toggle-group.js';

/** `desactivar` (admins, in a group): turns the bot off there; persisted, overrides the config. */
export const desactivar = groupToggleCommand({
  name: 'desactivar',
  alias: 'apagar',
  phrases: [
    // Verbs only said of a machine: alone they are enough (`apágate`, `desactiva el bot`).
    'desactiva',
    'desactivate',
    'apaga',
    'apagate',
    // Colloquial: only with the bot named (`silencio bot`, `bot cállate`, `pausa el bot`, `bot off`);
    // `silencio por favor` and `silencien el grupo` are for people or for WhatsApp's mute.
    ...namingTheBot([
      'silencio',
      'silencia',
      'silenciar',
      'callate',
      'calla',
      'pausa',
      'pausar',
      'pausate',
      'off',
      'duerme',
      'duermete',
      'a dormir',
      'mutea',
      'mute',
    ]),
    // About answering: the bot named or the place (`no respondas en este grupo`, `deja de responder
    // aquí`, longer than `dejar`'s alias `deja`).
    ...namingTheBotOrHere([
      'no respondas',
      'no respondas mas',
      'ya no respondas',
      'ya no respondas mas',
      'no contestes',
      'ya no contestes',
      'deja de responder',
      'deja de contestar',
      'dejar de responder',
    ]),
  ],
  triggers: [
    { parts: ['name'] },
    { parts: ['v:deactivate'] },
    { parts: ['v*:silence'], needs: 'bot' },
    { parts: ['k:switch=off'], needs: 'bot' },
    { parts: ['not:answer'], needs: 'bot-or-here' },
    { parts: ['stop:answer'], needs: 'bot-or-here' },
  ],
  summary: 'Desactiva el bot en este grupo (deja de responder)',
  active: false,
});
