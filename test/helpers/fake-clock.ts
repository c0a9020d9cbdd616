import type { Clock } from '../../src/time/clock.js';

/** A clock tests move by hand ("08:30 in Lima on a UTC server" is a plain instant, not a wait). */
export interface FakeClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): Date;
}

export function createFakeClock(start: Date | string): FakeClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at).getTime();
    },
    advance(ms) {
      current += ms;
      return new Date(current);
    },
  };
}
