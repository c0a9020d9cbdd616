import type { SandboxRequest } from './types.js';

/** Entries kept in memory; counts stay exact beyond it so long benchmarks do not grow the heap. */
const MAX_ENTRIES = 50_000;
const REDACTED = '[redacted]';

/** Replaces a top-level `password` so tax-portal credentials never sit in the request log. */
function redact(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('password' in body)) return body;
  return { ...(body as Record<string, unknown>), password: REDACTED };
}

/** What the sandbox saw: method, path, redacted body, time. Headers (Authorization!) are never kept. */
export class RequestLog {
  #entries: SandboxRequest[] = [];
  #counts = new Map<string, number>();

  get entries(): readonly SandboxRequest[] {
    return this.#entries;
  }

  record(method: string, path: string, body: unknown, at: Date): void {
    if (this.#entries.length >= MAX_ENTRIES) this.#entries.shift();
    this.#entries.push({ method, path, body: redact(body), at });
    this.#counts.set(path, (this.#counts.get(path) ?? 0) + 1);
  }

  /** Requests whose path ends with `pathSuffix` (all when omitted). */
  count(pathSuffix?: string): number {
    let total = 0;
    for (const [path, n] of this.#counts) {
      if (pathSuffix === undefined || path.endsWith(pathSuffix)) total += n;
    }
    return total;
  }

  reset(): void {
    this.#entries = [];
    this.#counts.clear();
  }
}
