import type { Feature } from '../../src/bot/feature.js';
import { desprogramar } from './desprogramar.js';
import { afpJob } from './jobs/afp.js';
import { tcJob } from './jobs/tc.js';
import { programados } from './programados.js';
import { programar } from './programar.js';

/**
 * `programar tc 08:30`, `programados`, `desprogramar 1`: a group's scheduled posts, and the posts
 * themselves (the morning exchange rate, the monthly AFP commissions). The scheduler that runs
 * them (src/scheduler) is the platform's: the watch list's daily check rides on it too.
 */
export const schedules: Feature = {
  name: 'schedules',
  commands: [programar, programados, desprogramar],
  jobs: [tcJob, afpJob],
};
