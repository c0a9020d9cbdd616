/**
 * A module loaded on first use (issue 22, a lean process): `lazy(() => import('exceljs'))` gives
 * a function that imports once and hands back the same module after. A load that fails rejects
 * where it is used (the caller's own error handling answers) and is tried again next time.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
