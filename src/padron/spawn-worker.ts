import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Starts one of this folder's worker modules by name: the compiled JS under dist, or the
 * TypeScript itself through tsx when running from source (tests, `tsx src/main.ts`).
 */
export function spawnWorker(name: string, workerData: unknown, resourceLimits: ResourceLimits): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData, resourceLimits });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

/** How a worker ended: the last message it posted, the error it threw, and its exit code. */
export interface WorkerEnd<T> {
  message: T | undefined;
  error: Error | undefined;
  code: number;
}

/** Resolves once `worker` has exited, with what it said last (a message outranks a later error). */
export function workerEnd<T>(worker: Worker): Promise<WorkerEnd<T>> {
  return new Promise((resolve) => {
    let message: T | undefined;
    let error: Error | undefined;
    worker.on('message', (posted: T) => (message = posted));
    worker.on('error', (thrown) => (error ??= thrown));
    worker.once('exit', (code) => resolve({ message, error, code }));
  });
}
