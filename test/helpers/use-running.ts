import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * Something a test file starts and closes (the sandbox, the bot harness): started before this
 * file's (or this describe block's) tests, or before each test with `'each'`, and closed after
 * them. The handle returned stands for the running one: read it inside tests and hooks (hooks
 * declared after this call run after the start, and before the close).
 */
export function useRunning<T extends { close(): Promise<void> }>(
  what: string,
  start: () => Promise<T>,
  scope: 'all' | 'each' = 'all',
): T {
  let running: T | undefined;
  const [before, after] = scope === 'all' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    running = await start();
  });
  after(async () => {
    await running?.close();
    running = undefined;
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!running) throw new Error(`${what} runs only inside tests and hooks`);
      return Reflect.get(running, key) as unknown;
    },
  });
}
