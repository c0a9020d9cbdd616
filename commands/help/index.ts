import type { Feature } from '../../src/bot/feature.js';
import { ayuda } from './ayuda.js';

/**
 * Help: `ayuda` lists and explains every feature's commands. It imports none of them: it reads
 * the app's command list (`ctx.services.commands`, in src/app/features.ts' order).
 */
export const help: Feature = { name: 'help', commands: [ayuda] };
