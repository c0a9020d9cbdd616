import { describe, expect, it } from 'vitest';
import { formatLima } from '../../src/console/render.js';

describe('console times', () => {
  it('writes Lima midnight as 00:mm, never 24:mm', () => {
    expect(formatLima(new Date('2026-11-29T05:51:00Z'))).toBe('29/11/2026, 00:51');
    expect(formatLima(new Date('2026-11-29T04:59:00Z'))).toBe('28/11/2026, 23:59');
  });
});
