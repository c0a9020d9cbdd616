import { OPERATION_NAMES } from '../../src/config.js';
import type { LookupApi } from '../../src/lookup/api.js';
import { fakeLookup } from '../helpers/fakes.js';

type Handler = (args: unknown[]) => Promise<unknown>;

/** The lookup fake for the cache tests: records each call, answers with per-method handlers. */
export interface FakeLookup {
  api: LookupApi;
  calls: { method: string; args: unknown[] }[];
  count(method?: string): number;
  on(method: keyof LookupApi, handler: Handler): void;
}

export function createFakeLookup(): FakeLookup {
  const calls: FakeLookup['calls'] = [];
  const handlers = new Map<string, Handler>();
  const answer =
    (method: string) =>
    (...args: unknown[]) => {
      const handler = handlers.get(method);
      return handler ? handler(args) : Promise.resolve({ method, args });
    };
  const api = fakeLookup(
    Object.fromEntries(OPERATION_NAMES.map((method) => [method, answer(method)])),
    (method, args) => calls.push({ method, args }),
  );
  return {
    api,
    calls,
    count: (method) => (method ? calls.filter((c) => c.method === method).length : calls.length),
    on: (method, handler) => handlers.set(method, handler),
  };
}

/** A promise with its resolve/reject exposed. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
