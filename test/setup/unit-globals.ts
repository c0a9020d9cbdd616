import { afterAll, vi } from 'vitest';

/**
 * The unit project runs its files in shared workers without module isolation (fast: modules load
 * once per worker). This file runs before each test file and puts back, after it, what a test may
 * change for the whole process: the environment (the real `process.env` object, even if a test
 * replaced it, with its values as they were) and the timers.
 */
const env = process.env;
const values = { ...env };

afterAll(() => {
  process.env = env;
  for (const key of Object.keys(env)) if (!(key in values)) delete env[key];
  Object.assign(env, values);
  vi.useRealTimers();
});
