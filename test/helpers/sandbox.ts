import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import { useRunning } from './use-running.js';

/**
 * The lookup fake of the tests: the sandbox (the fictional lookup API) on a free loopback port,
 * started and closed around this file's (or describe block's) tests, or each test (`useRunning`).
 */
export function useSandbox(options: SandboxOptions = {}, scope: 'all' | 'each' = 'all'): SandboxHandle {
  return useRunning('the sandbox', () => startSandbox(options), scope);
}
