import { once } from 'node:events';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

/**
 * A one-entry ZIP written as a stream, sizes and CRC unknown up front (a local header flagged
 * "data descriptor follows", as Java's ZipOutputStream writes it). fflate's streaming Zip writes
 * every header, descriptor and the central directory; the data is deflated by native zlib
 * (fflate's deflate is JavaScript, several times slower on the bench's 200 MB of text).
 */

const DEFLATE = 8;

/** Streams a ZIP holding one file `name` whose bytes come from `source` (deflate `level` 0–9). */
export async function* zipOneFile(
  name: string,
  modified: Date,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  level = 6,
): AsyncGenerator<Buffer> {
  const ready: Buffer[] = [];
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else ready.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  });
  // fflate reads size and crc when the last chunk is passed, writing them in the descriptor.
  const entry: ZipInputFile = { filename: name, mtime: modified, compression: DEFLATE, size: 0, crc: 0 };
  zip.add(entry);
  zip.end();
  // zlib's chunks never sit on a SharedArrayBuffer.
  const write = (chunk: Uint8Array, final: boolean) =>
    entry.ondata?.(null, chunk as Uint8Array<ArrayBuffer>, final);
  function* flush(): Generator<Buffer> {
    if (failure) throw failure;
    yield* ready.splice(0);
  }

  const deflater = zlib.createDeflateRaw({ level });
  const pump = (async () => {
    for await (const chunk of source) {
      entry.crc = zlib.crc32(chunk, entry.crc);
      entry.size += chunk.length;
      if (!deflater.write(chunk)) await once(deflater, 'drain');
    }
    deflater.end();
  })();
  pump.catch((error: unknown) => deflater.destroy(error as Error));
  for await (const out of deflater as AsyncIterable<Buffer>) {
    write(out, false);
    yield* flush();
  }
  await pump;
  write(new Uint8Array(0), true);
  yield* flush();
}
