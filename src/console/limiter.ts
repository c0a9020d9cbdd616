/**
 * The console's one limiter on password checks, shared by the login form and the Bearer / Basic
 * credentials of /metrics. Per client (an address; behind a trusted proxy, the address it
 * forwards), never global: a client that keeps failing waits longer and longer, nobody else does.
 */

type Attempt =
  | { granted: true; /** The password was right: this client starts over. */ succeeded(): void }
  | { granted: false; retryAfterMs: number };

export interface LoginLimiter {
  /**
   * Takes one password check for `client` now, or says how long to wait. Synchronous and counted
   * as a failure until `succeeded()`, so checks under way count: 60 at once cannot all pass.
   */
  attempt(client: string): Attempt;
}

export interface LoginLimiterOptions {
  /** Failures allowed before any wait (default 5). */
  free?: number;
  /** The first wait; each further failure doubles it (default 10 s)... */
  firstWaitMs?: number;
  /** ...up to this (default 15 minutes). */
  maxWaitMs?: number;
  /** A client quiet for this long starts over (default 1 hour). */
  forgetAfterMs?: number;
  /** Clients remembered at most; the longest quiet are forgotten first (default 10,000). */
  maxClients?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  lastAt: number;
}

export function createLoginLimiter(options: LoginLimiterOptions = {}): LoginLimiter {
  const {
    free = 5,
    firstWaitMs = 10_000,
    maxWaitMs = 15 * 60_000,
    forgetAfterMs = 60 * 60_000,
    maxClients = 10_000,
    now = Date.now,
  } = options;
  const clients = new Map<string, Failures>();

  const current = (client: string, at: number): Failures | undefined => {
    const failures = clients.get(client);
    if (failures && at - failures.lastAt >= forgetAfterMs) {
      clients.delete(client);
      return undefined;
    }
    return failures;
  };
  const waitFor = (failures: Failures, at: number): number => {
    if (failures.count < free) return 0;
    const wait = Math.min(maxWaitMs, firstWaitMs * 2 ** Math.min(30, failures.count - free));
    return Math.max(0, failures.lastAt + wait - at);
  };
  const remember = (client: string, failures: Failures) => {
    clients.delete(client); // re-inserted last: the Map's order is the order of last failures
    clients.set(client, failures);
    while (clients.size > maxClients) clients.delete(clients.keys().next().value ?? '');
  };

  return {
    attempt(client) {
      const at = now();
      const failures = current(client, at) ?? { count: 0, lastAt: at };
      const retryAfterMs = waitFor(failures, at);
      if (retryAfterMs > 0) return { granted: false, retryAfterMs };
      remember(client, { count: failures.count + 1, lastAt: at });
      return { granted: true, succeeded: () => clients.delete(client) };
    },
  };
}
