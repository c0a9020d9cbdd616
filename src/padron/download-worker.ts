import { parentPort, workerData } from 'node:worker_threads';
import { type Download, downloadPadron, saveDownload } from './download.js';
import type { DownloadJob, DownloadOutcome } from './download-thread.js';
import { PadronError } from './errors.js';

/**
 * The download worker's entry: the conditional GET and the save to disk (download.ts), run on a
 * thread of their own that ends with the download, so undici and the socket's dead buffers leave
 * with it (see download-thread.ts).
 */

// WebAssembly is left to V8's own tiers here. Keeping it on the baseline compiler
// (`--liftoff-only`, as the image's `start` runs) spared ~37 MB of optimizing-compiler memory for
// a moment while downloading, but undici's HTTP parser (llhttp) then ran slower: the import went
// from 300–320k to 240–264k rows/s (2 M rows, quiet machine) while its peak without the flag,
// 131–134 MB, is already under the 150 MB target.

const port = parentPort;
if (!port) throw new Error('download-worker.ts runs as a worker thread');
const job = workerData as DownloadJob;

async function run(): Promise<DownloadOutcome> {
  let download: Download | undefined;
  try {
    download = await downloadPadron(job.url, job.known);
    if (download.status === 'unchanged') return { status: 'unchanged' };
    // A server that ignores If-None-Match but sends the same ETag: the same file.
    if (job.known.etag !== undefined && download.validators.etag === job.known.etag) {
      download.cancel();
      return { status: 'unchanged' };
    }
    const saved = await saveDownload(download, job.file);
    return { status: 'saved', validators: download.validators, ...saved };
  } catch (error) {
    if (download?.status === 'new') download.cancel();
    const failure: DownloadOutcome = { status: 'failed', message: (error as Error).message };
    if (error instanceof PadronError) failure.reason = error.reason;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') failure.code = code;
    return failure;
  }
}

void run().then((outcome) => {
  port.postMessage(outcome);
  port.close();
});
