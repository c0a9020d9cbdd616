/**
 * Services by typed key: how a feature's commands reach what the feature built (its store, the
 * credit budget, the scheduler) without a field for each in `BotServices`. A key is declared by
 * the module that owns the contract (a feature's folder, or `src/` for one several features read).
 */

/** A typed name for one service; `T` is only for the compiler (keys compare by identity). */
export interface ServiceKey<T> {
  readonly name: string;
  /** Never set: carries `T` so that `get` returns it. */
  readonly type?: T;
}

export function serviceKey<T>(name: string): ServiceKey<T> {
  return { name };
}

/** A key and its value, as a feature's `services` returns them (`provide(KEY, value)`). */
export interface Provision {
  readonly key: ServiceKey<unknown>;
  readonly value: unknown;
}

/** Pairs a value with its key, checked by the compiler. */
export function provide<T>(key: ServiceKey<T>, value: T): Provision {
  return { key, value };
}

/** The app's services by key; absent means the feature that provides it is not wired. */
export interface ServiceRegistry {
  get<T>(key: ServiceKey<T>): T | undefined;
  /** Build time, and tests that swap a service (`registry.set(BUDGET, fake)`). */
  set<T>(key: ServiceKey<T>, value: T): void;
  delete(key: ServiceKey<unknown>): boolean;
}

export function createServiceRegistry(provisions: readonly Provision[] = []): ServiceRegistry {
  const values = new Map<ServiceKey<unknown>, unknown>();
  const registry: ServiceRegistry = {
    get: <T>(key: ServiceKey<T>) => values.get(key) as T | undefined,
    set(key, value) {
      values.set(key, value);
    },
    delete: (key) => values.delete(key),
  };
  for (const { key, value } of provisions) {
    if (values.has(key)) throw new Error(`service ${key.name} provided twice`);
    values.set(key, value);
  }
  return registry;
}
