import type { Validators } from './download.js';
import { type PadronFailure, PadronError } from './errors.js';
import { spawnWorker, workerEnd } from './spawn-worker.js';

/**
 * Downloads the register's ZIP to a file on a worker thread that ends with the download: what the
 * download used (undici, about 20 MB of RSS, and 30–50 MB of socket buffers left scattered in the
 * thread's malloc arena) is free again before the edition worker starts, and the main thread never
 * loads undici. Measured with `npm run bench -- padron` (2 M rows): the import's peak RSS went
 * from 138–153 MB to 129–141 MB.
 */

export interface DownloadJob {
  url: string;
  /** The live edition's validators, for the conditional request. */
  known: Validators;
  /** Where the ZIP goes (created only when a new file comes). */
  file: string;
}

export type DownloadOutcome =
  | { status: 'unchanged' }
  | { status: 'saved'; validators: Validators; bytes: number; sha256: string }
  | { status: 'failed'; message: string; reason?: PadronFailure; code?: string };

const LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 };

/** An error as the download raised it: PadronError with its reason, or the system error's code. */
function rethrown(outcome: Extract<DownloadOutcome, { status: 'failed' }>): Error {
  if (outcome.reason) return new PadronError(outcome.reason, outcome.message);
  return Object.assign(new Error(outcome.message), outcome.code ? { code: outcome.code } : {});
}

/** Runs the conditional download; rejects with PadronError (or a disk error) when it fails. */
export function downloadToFile(
  job: DownloadJob,
  signal?: AbortSignal,
): Promise<Exclude<DownloadOutcome, { status: 'failed' }>> {
  const worker = spawnWorker('download-worker', job, LIMITS);
  const abort = () => void worker.terminate();
  signal?.addEventListener('abort', abort, { once: true });
  return workerEnd<DownloadOutcome>(worker).then(({ message, error }) => {
    signal?.removeEventListener('abort', abort);
    let outcome: DownloadOutcome = message ?? {
      status: 'failed',
      reason: 'download',
      message: error
        ? `la descarga del padrón falló: ${error.message}`
        : 'la descarga del padrón terminó sin resultado',
    };
    if (signal?.aborted)
      outcome = { status: 'failed', reason: 'download', message: 'descarga del padrón cancelada' };
    if (outcome.status === 'failed') throw rethrown(outcome);
    return outcome;
  });
}
