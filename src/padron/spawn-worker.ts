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
