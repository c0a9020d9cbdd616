/**
 * What `build` makes, held weakly (issue 22, a lean process): the same value while anything else
 * holds it, built again once a garbage collection has dropped it. For what is needed once at start
 * and is costly to keep (the config's zod schemas).
 */
export function weaklyHeld<T extends object>(build: () => T): () => T {
  let held: WeakRef<T> | undefined;
  return () => {
    let value = held?.deref();
    if (!value) {
      value = build();
      held = new WeakRef(value);
    }
    return value;
  };
}
