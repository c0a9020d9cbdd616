import { parentPort, workerData } from 'node:worker_threads';
import { buildNameIndex } from './name-index.js';

/**
 * The name-index worker's entry, started by the edition worker once the rows are in: builds the
 * name index in a file of its own (name-index.ts) and says when it is done, or why it failed.
 */

export type FromNameIndexWorker =
  { type: 'built' } | { type: 'error'; message: string; code?: string | undefined };

const port = parentPort;
if (!port) throw new Error('name-index-worker.ts runs as a worker thread');
const { edition, names } = workerData as { edition: string; names: string };

let outcome: FromNameIndexWorker;
try {
  buildNameIndex(edition, names);
  outcome = { type: 'built' };
} catch (error) {
  outcome = { type: 'error', message: (error as Error).message, code: (error as { code?: string }).code };
}
port.postMessage(outcome);
port.close();
