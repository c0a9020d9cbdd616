import { describe, expect, it } from 'vitest';
import { lazy } from '../src/lazy.js';

describe('lazy (a module loaded on first use)', () => {
  it('loads on the first call only and hands back the same value after', async () => {
    let loads = 0;
    const load = lazy(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(loads).toBe(1);
  });

  it('a failed load rejects where it is used and is tried again next time', async () => {
    let loads = 0;
    const load = lazy(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Cannot find module');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('Cannot find module');
    await expect(load()).resolves.toBe('loaded');
    expect(loads).toBe(2);
  });
});
