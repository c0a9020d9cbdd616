/**
 * Per-user sliding-window rate limit (one minute). A user over the limit is told once per
 * window, politely; further messages in that window are dropped silently so the bot never spams.
 */
type RateDecision = { kind: 'allow' } | { kind: 'notify'; seconds: number } | { kind: 'silent' };

export interface RateLimiter {
  check(key: string, nowMs: number): RateDecision;
}

interface Bucket {
  hits: number[];
  /** End of the window in which the user was already told (ms). */
  notifiedUntil: number;
}

const WINDOW_MS = 60_000;
/** The one answer of a check that lets the message go on (made once, not per message). */
const ALLOW: RateDecision = Object.freeze({ kind: 'allow' });
const SWEEP_EVERY = 1_000;

/** `perMinute` is read on every check so a live config change applies at once; ≤ 0 disables it. */
export function createRateLimiter(perMinute: () => number): RateLimiter {
  const buckets = new Map<string, Bucket>();
  let checks = 0;

  function sweep(nowMs: number): void {
    for (const [key, bucket] of buckets) {
      const last = bucket.hits[bucket.hits.length - 1] ?? 0;
      if (last <= nowMs - WINDOW_MS && bucket.notifiedUntil <= nowMs) buckets.delete(key);
    }
  }

  return {
    check(key, nowMs) {
      const limit = perMinute();
      if (limit <= 0) return ALLOW;
      if (++checks % SWEEP_EVERY === 0) sweep(nowMs);
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { hits: [], notifiedUntil: 0 };
        buckets.set(key, bucket);
      }
      const hits = bucket.hits;
      while (hits.length > 0 && (hits[0] ?? 0) <= nowMs - WINDOW_MS) hits.shift();
      if (hits.length < limit) {
        hits.push(nowMs);
        return ALLOW;
      }
      if (bucket.notifiedUntil > nowMs) return { kind: 'silent' };
      const freeAt = (hits[0] ?? nowMs) + WINDOW_MS;
      bucket.notifiedUntil = freeAt;
      return { kind: 'notify', seconds: Math.max(1, Math.ceil((freeAt - nowMs) / 1000)) };
    },
  };
}
