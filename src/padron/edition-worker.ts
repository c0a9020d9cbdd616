import { parentPort, workerData } from 'node:worker_threads';
import { createEditionWriter, type EditionWriter } from './edition-writer.js';
import { type FromWorker, type ToWorker, transferList } from './edition-build.js';

/**
 * The edition worker's entry: owns the new edition's SQLite connection so that inserting and
 * indexing (seconds of CPU per million rows) run beside the download and parsing, never blocking
 * the main thread (the bot keeps answering under `chasqui start`).
 */

const port = parentPort;
if (!port) throw new Error('edition-worker.ts runs as a worker thread');

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let writer: EditionWriter | undefined;
try {
  writer = createEditionWriter((workerData as { file: string }).file);
} catch (error) {
  send({ type: 'error', message: (error as Error).message, code: (error as { code?: string }).code });
  port.close();
}

function fail(error: unknown): void {
  writer?.abandon();
  writer = undefined;
  send({ type: 'error', message: (error as Error).message, code: (error as { code?: string }).code });
  port?.close();
}

port.on('message', (message: ToWorker) => {
  if (!writer) return;
  try {
    if (message.type === 'rows') {
      writer.add(message.batch);
      send({ type: 'ack', batch: message.batch }, transferList(message.batch));
    } else if (message.type === 'index') {
      writer.index().then(() => send({ type: 'indexed' }), fail);
    } else if (message.type === 'finish') {
      writer.finish(message.meta).then(() => {
        send({ type: 'finished' });
        port.close();
      }, fail);
    } else {
      writer.abandon();
      port.close();
    }
  } catch (error) {
    fail(error);
  }
});
