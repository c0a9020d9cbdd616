import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A garbage collection on the calling thread, now. The import's threads make their garbage as
 * Buffers (socket reads, inflated chunks: malloc'd memory behind a few bytes of JavaScript heap),
 * which V8 only collects once the heap itself fills or the dead bytes reach about 64 MB: until
 * then they stay resident. Measured with `npm run bench -- padron` (2 M rows): the main thread
 * still held 12.8 MB of dead inflated chunks when the index builds began; freed memory also
 * stays scattered in malloc's arenas, so the fewer dead bytes pile up, the less stays resident.
 * V8's `gc` function is installed in new contexts once the flag is set (also on worker threads:
 * the flags are the process's); the calling thread's own context is left as it was.
 */

type Gc = (options?: { type?: 'minor' | 'major' }) => void;

let gc: Gc | undefined;

/**
 * `minor` collects only the young generation (where a fresh Buffer's wrapper lives): cheaper.
 * A full collection is `gc()` itself: given `{ type: 'major' }`, node 20's V8 kept objects that
 * only the stack had held (seen in test/padron/collect-garbage.test.ts).
 */
export function collectGarbage(type: 'minor' | 'major' = 'major'): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  if (type === 'minor') gc({ type });
  else gc();
}

/** Bytes between two young-generation collections of a stream's dead chunks (see `everyBytes`). */
const COLLECT_EVERY = 8 * 1024 * 1024;

/**
 * A counter of a stream's bytes that collects the young generation every 8 MB. Each chunk read
 * (a socket read, an inflated chunk) is a Buffer of its own, dead once used, which V8 counts only
 * as external memory (a collection about every 64 MB): left alone they pile up, malloc'd and
 * fragmented. Measured on the bench's import: the download thread held at most ~17 MB of them,
 * and the main thread's arena 15 MB instead of 19 MB at the index builds.
 */
export function everyBytes(every = COLLECT_EVERY): (bytes: number) => void {
  let seen = 0;
  let collectAt = every;
  return (bytes) => {
    seen += bytes;
    if (seen < collectAt) return;
    collectAt = seen + every;
    collectGarbage('minor');
  };
}
