import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/bot/rate-limit.js';

describe('createRateLimiter', () => {
  it('allows up to the limit within a sliding minute', () => {
    const limiter = createRateLimiter(() => 2);
    expect(limiter.check('a', 0).kind).toBe('allow');
    expect(limiter.check('a', 30_000).kind).toBe('allow');
    expect(limiter.check('a', 40_000)).toEqual({ kind: 'notify', seconds: 20 });
    expect(limiter.check('a', 50_000).kind).toBe('silent');
    // the first hit leaves the window at 60 s, making room for one more
    expect(limiter.check('a', 60_001).kind).toBe('allow');
    expect(limiter.check('a', 60_002)).toEqual({ kind: 'notify', seconds: 30 });
  });

  it('keeps separate buckets per key', () => {
    const limiter = createRateLimiter(() => 1);
    expect(limiter.check('a', 0).kind).toBe('allow');
    expect(limiter.check('b', 0).kind).toBe('allow');
    expect(limiter.check('a', 1).kind).toBe('notify');
  });

  it('is disabled by a limit of zero and follows live changes of the limit', () => {
    let limit = 0;
    const limiter = createRateLimiter(() => limit);
    for (let i = 0; i < 100; i++) expect(limiter.check('a', i).kind).toBe('allow');
    limit = 1;
    expect(limiter.check('a', 200).kind).toBe('allow');
    expect(limiter.check('a', 201).kind).toBe('notify');
  });

  it('forgets idle users so memory stays bounded under many senders', () => {
    const limiter = createRateLimiter(() => 1);
    for (let i = 0; i < 5000; i++) limiter.check(`user-${i}`, i);
    // long after, a previously seen user starts with a fresh bucket
    expect(limiter.check('user-1', 10_000_000).kind).toBe('allow');
  });
});
