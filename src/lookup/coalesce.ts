import { createHash } from 'node:crypto';
import { callText } from './cache.js';
import type { LookupMiddleware } from './call.js';
import { OPERATIONS } from './operations.js';

/**
 * In-flight coalescing: callers asking for the same key while a call is running share its
 * promise, so 100 identical lookups in the same second spend one upstream credit.
 */
interface Coalescer {
  /** Runs `task` unless a call for `key` is in flight; `shared` tells which happened. */
  run<T>(key: string, task: () => Promise<T>): { promise: Promise<T>; shared: boolean };
  /** Calls in flight (for tests and stats). */
  readonly size: number;
}

function createCoalescer(): Coalescer {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>) {
      const existing = inFlight.get(key);
      if (existing) return { promise: existing as Promise<T>, shared: true };
      let promise: Promise<T>;
      try {
        promise = task();
      } catch (error) {
        promise = Promise.reject(error);
      }
      const tracked = promise.finally(() => {
        if (inFlight.get(key) === tracked) inFlight.delete(key);
      });
      // The map holds `tracked`; callers get it too, so the entry is gone before they resume.
      inFlight.set(key, tracked);
      tracked.catch(() => {});
      return { promise: tracked, shared: false };
    },
    get size() {
      return inFlight.size;
    },
  };
}

/**
 * Joins identical calls in flight (same operation and inputs). The shared call runs without any
 * one caller's signal: a caller that gives up stops waiting but never cancels it for the others.
 */
export function coalesceMiddleware(counters: { shared: number }): LookupMiddleware {
  const coalescer = createCoalescer();
  return (call, next) => {
    const json = callText(call);
    // Inputs holding secrets (tax-portal credentials) are kept in memory only as a digest.
    const key = OPERATIONS[call.operation].secrets ? createHash('sha256').update(json).digest('hex') : json;
    const { promise, shared } = coalescer.run(key, () => next({ ...call, signal: undefined }));
    if (shared) {
      counters.shared += 1;
      call.meta.source = 'shared';
    }
    return abortable(promise, call.signal);
  };
}

/** Lets one caller stop waiting without cancelling the call others share. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
