import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';

/**
 * The lookup fake of the tests: the sandbox (the fictional lookup API) on a free loopback port,
 * started before this file's (or this describe block's) tests, or before each test with
 * `'each'`, and closed after them. The handle it returns stands for the running sandbox: read it
 * inside tests and hooks (hooks declared after this call run after the start, and before the
 * close).
 */
export function useSandbox(options: SandboxOptions = {}, scope: 'all' | 'each' = 'all'): SandboxHandle {
  let running: SandboxHandle | undefined;
  const [before, after] = scope === 'all' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    running = await startSandbox(options);
  });
  after(async () => {
    await running?.close();
    running = undefined;
  });
  return new Proxy({} as SandboxHandle, {
    get(_target, key) {
      if (!running) throw new Error('useSandbox: the sandbox runs only inside tests and hooks');
      return Reflect.get(running, key) as unknown;
    },
  });
}
