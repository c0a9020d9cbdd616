import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/padron/collect-garbage.js';

/**
 * The import frees its dead Buffers with collectGarbage (the download thread every 8 MB, the
 * unzip every 8 MB, the main thread before the index builds): it must collect now, on the calling
 * thread, in the young generation alone when asked, and leave the caller's globals as they were.
 */

/** A WeakRef to an object nothing else holds, once the job that made it is over (until then V8 keeps it). */
async function unreachable(): Promise<WeakRef<object>> {
  const ref = new WeakRef({ rows: Array.from({ length: 1_000 }, (_, i) => i) });
  await new Promise((resolve) => setImmediate(resolve));
  return ref;
}

describe('collectGarbage', () => {
  it('collects an unreachable object at once', async () => {
    const ref = await unreachable();
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  it("frees dead Buffers' memory with a young-generation collection, as the unzip makes them", () => {
    // 100 inflated chunks of 100 KB, read and then dead, made in an emptied young generation (a
    // collection during the loop would move them out of it, beyond a young-generation collection).
    collectGarbage('minor');
    let chunks: Buffer[] | undefined = Array.from({ length: 100 }, (_, i) => Buffer.alloc(100_000, i));
    expect(chunks.reduce((sum, chunk) => sum + chunk.readUInt8(99_999), 0)).toBe(4_950);
    const held = process.memoryUsage().arrayBuffers;
    chunks = undefined;
    collectGarbage('minor');
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThan(9_000_000);
  });

  it('keeps what is still reachable and adds no global', async () => {
    const hadGc = 'gc' in globalThis;
    const kept = { rows: [1, 2, 3] };
    const ref = new WeakRef(kept);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBe(kept);
    expect('gc' in globalThis).toBe(hadGc);
  });
});
