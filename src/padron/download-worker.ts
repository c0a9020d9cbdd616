import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { type Download, downloadPadron, saveDownload } from './download.js';
import type { DownloadJob, DownloadOutcome } from './download-thread.js';
import { PadronError } from './errors.js';

/**
 * The download worker's entry: the conditional GET and the save to disk (download.ts), run on a
 * thread of their own that ends with the download, so undici and the socket's dead buffers leave
 * with it (see download-thread.ts).
 */

// WebAssembly stays on V8's baseline compiler (Liftoff): its optimizing tier compiled undici's
// HTTP parser (llhttp) during the download, ~37 MB of compiler memory for a moment (heaptrack),
// the import's peak while downloading (122–133 MB → 109–112 MB in the bench's RSS samples), and
// the parser only hands the body's bytes on. The flag is the process's: the image runs `start`
// with it already (see the Dockerfile); a plain `npm start` has it from its first padrón update.
setFlagsFromString('--liftoff-only');

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
