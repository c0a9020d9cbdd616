import type { Feature } from '../../src/bot/feature.js';
import { activar } from './activar.js';
import { desactivar } from './desactivar.js';
import { grupos } from './grupos.js';

/**
 * `grupos`, `activar`, `desactivar`: the bot's groups and turning it on or off in one. The group
 * settings and the group directory they use are the platform's (src/store/group-settings.ts,
 * src/groups/): the pipeline's access stage, the scheduler and the console read them too.
 */
export const groups: Feature = {
  name: 'groups',
  commands: [grupos, activar, desactivar],
};
