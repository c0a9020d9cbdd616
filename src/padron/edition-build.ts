import type { EditionMeta } from './edition-file.js';
import type { RowBatch } from './parse.js';
import { spawnWorker } from './spawn-worker.js';

/**
 * The main thread's handle on an edition being built by the edition worker: batches are posted
 * (their buffers transferred, not copied), at most MAX_IN_FLIGHT wait in the worker's queue, and
 * each comes back once inserted to be filled again, so memory stays bounded and flat when parsing
 * outruns inserting. A worker failure (disk full, a crash) rejects the next call with the
 * worker's error and its SQLite code.
 */

export type ToWorker =
  | { type: 'rows'; batch: RowBatch }
  | { type: 'index' }
  | { type: 'finish'; meta: EditionMeta }
  | { type: 'abandon' };

export type FromWorker =
  | { type: 'ack'; batch: RowBatch }
  | { type: 'indexed' }
  | { type: 'finished' }
  | { type: 'error'; message: string; code?: string | undefined };

/** About 1,100 rows (one 112 KiB inflated chunk) per batch: under 2 MB queued. */
const MAX_IN_FLIGHT = 8;

/** Buffers listed for transfer: the worker gets them, this thread's copies become empty. */
export const transferList = (batch: RowBatch): ArrayBuffer[] => [
  batch.bytes.buffer,
  batch.rucs.buffer,
  batch.spans.buffer,
  batch.words.buffer,
];

export interface EditionBuild {
  /** Queues a batch; waits only while the worker is MAX_IN_FLIGHT batches behind. */
  add(batch: RowBatch): Promise<void>;
  /** A batch the worker has inserted and handed back, to be filled again. */
  spare(): RowBatch | undefined;
  /** Builds both indexes, the import's peak; resolves once they are built. */
  index(): Promise<void>;
  /** Indexes (unless done), records the meta, syncs the file; resolves once the worker is done with it. */
  finish(meta: EditionMeta): Promise<void>;
  /** Stops the worker without finishing (the caller deletes the file). */
  abandon(): Promise<void>;
}

/**
 * The worker's young generation kept small: its garbage is short-lived strings per batch, and
 * V8's default let the import's peak RSS grow by about 20 MB for no speed (measured: 4 MB).
 */
const LIMITS = { maxYoungGenerationSizeMb: 4 };

class WorkerFailure extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

/** Starts a worker that creates `file` (which must not exist) and fills it. */
export function startEditionBuild(file: string): EditionBuild {
  const worker = spawnWorker('edition-worker', { file }, LIMITS);
  let inFlight = 0;
  let failure: Error | undefined;
  let indexed = false;
  let finished = false;
  const spares: RowBatch[] = [];
  const waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const settle = () => {
    while (waiting.length > 0 && (failure || finished || inFlight < MAX_IN_FLIGHT)) {
      const next = waiting.shift();
      if (failure) next?.reject(failure);
      else next?.resolve();
    }
  };
  const wait = () => new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  worker.on('message', (message: FromWorker) => {
    if (message.type === 'ack') {
      inFlight -= 1;
      spares.push(message.batch);
    } else if (message.type === 'indexed') indexed = true;
    else if (message.type === 'finished') finished = true;
    else failure ??= new WorkerFailure(message.message, message.code);
    settle();
  });
  worker.on('error', (error) => {
    failure ??= error;
    settle();
  });
  worker.on('exit', (code) => {
    if (!finished) failure ??= new WorkerFailure(`el proceso de importación terminó (código ${code})`);
    settle();
  });

  return {
    async add(batch) {
      if (failure) throw failure;
      worker.postMessage({ type: 'rows', batch } satisfies ToWorker, transferList(batch));
      inFlight += 1;
      if (inFlight >= MAX_IN_FLIGHT) await wait();
    },
    spare: () => spares.pop(),
    async index() {
      if (failure) throw failure;
      worker.postMessage({ type: 'index' } satisfies ToWorker);
      while (!indexed && !failure) await wait();
      if (failure) throw failure;
    },
    async finish(meta) {
      if (failure) throw failure;
      worker.postMessage({ type: 'finish', meta } satisfies ToWorker);
      while (!finished && !failure) await wait();
      if (failure) throw failure;
      await exited;
    },
    async abandon() {
      worker.postMessage({ type: 'abandon' } satisfies ToWorker);
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000).unref()),
      ]);
      if (!stopped) await worker.terminate();
    },
  };
}
