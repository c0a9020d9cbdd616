import { Writable } from 'node:stream';

/** A writable that keeps what a CLI printed (stdout of runStart, runBackup...). */
export function captureOutput(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}
