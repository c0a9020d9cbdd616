import cron from 'node-cron';
import { LIMA_TZ } from './lima.js';

/**
 * Time as the scheduler and the features' daily work (the watch check) see it. Production reads
 * the system clock; tests inject a fake one so "08:30 in Lima on a UTC server" is a plain
 * instant, not a wait.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Something that calls `onTick` about once a minute until stopped. The scheduler's logic never
 * depends on it beyond "tick(now) gets called": tests call tick directly or use a manual ticker.
 */
export type Ticker = (onTick: () => void) => { stop(): void };

/** node-cron every minute, in Lima time (the pattern is zone-free, the option documents intent). */
export const cronTicker: Ticker = (onTick) => {
  const task = cron.schedule('* * * * *', () => onTick(), {
    timezone: LIMA_TZ,
    name: 'chasqui-scheduler',
  });
  return {
    stop() {
      void task.destroy();
    },
  };
};
