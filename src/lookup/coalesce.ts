/**
 * In-flight coalescing: callers asking for the same key while a call is running share its
 * promise, so 100 identical lookups in the same second spend one upstream credit.
 */
export interface Coalescer {
  /** Runs `task` unless a call for `key` is in flight; `shared` tells which happened. */
  run<T>(key: string, task: () => Promise<T>): { promise: Promise<T>; shared: boolean };
  /** Calls in flight (for tests and stats). */
  readonly size: number;
}

export function createCoalescer(): Coalescer {
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
