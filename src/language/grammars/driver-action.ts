import { lexicon } from '../lexicon/index.js';
import type { SlotGrammar } from './types.js';

/** `borrar`, `eliminar`, `dar de baja` inside the argument (`chofer borrar 4123…`). */
export const driverAction: SlotGrammar<'remove'> = {
  name: 'driver-action',
  find(tokens) {
    const at = tokens.findIndex((token) =>
      lexicon.verb(token.key).some((form) => form.senses.includes('remove')),
    );
    if (at < 0) return undefined;
    return { start: at, end: at + 1, result: { value: 'remove' }, because: ['driver-action'] };
  },
};
