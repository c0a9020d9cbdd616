import { closeSync, openSync, readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl, { type Entry } from 'yauzl';
import { everyBytes } from './collect-garbage.js';
import { PadronError } from './errors.js';

/**
 * Reads the register's text out of the downloaded ZIP with yauzl (as lote's attachments are): it
 * finds the entry through the central directory, so a cut file (no end record) is refused before
 * any row is read, and hands over the entry's compressed bytes; Node's zlib inflates them in
 * 112 KiB pieces (yauzl's own inflate works in 16 KiB ones: +50 % CPU here, and 7 times as many row
 * batches) and the CRC-32 and size, which yauzl leaves to its caller, are checked at the end: a
 * corrupt archive throws PadronError, never yields its last bytes as whole.
 */

const INFLATE_CHUNK = 112 * 1024;
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const truncated = () =>
  new PadronError(
    'truncated',
    'el ZIP del padrón llegó incompleto (descarga cortada); se conserva la edición anterior',
  );
const corrupt = (why: string) =>
  new PadronError('corrupt', `el ZIP del padrón está dañado (${why}); se conserva la edición anterior`);

/** True when the file starts like a ZIP: a cut ZIP is "truncated", anything else "not-zip". */
function startsLikeZip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    return readSync(fd, head, 0, 4, 0) === 4 && head.equals(LOCAL_HEADER);
  } finally {
    closeSync(fd);
  }
}

/** The first entry and its compressed bytes (the file stays open until they are read). */
async function openEntry(file: string): Promise<{ entry: Entry; raw: Readable }> {
  if (!startsLikeZip(file)) {
    throw new PadronError('not-zip', 'lo descargado no es un ZIP (¿cambió la dirección del padrón?)');
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch {
    throw truncated();
  }
  try {
    const first = await zip.eachEntry().next();
    if (first.done) throw new PadronError('not-zip', 'el ZIP del padrón está vacío');
    const entry = first.value;
    if (entry.isEncrypted()) throw new PadronError('not-zip', 'el ZIP del padrón está cifrado');
    if (entry.compressionMethod !== 8 && entry.compressionMethod !== 0) {
      throw new PadronError(
        'not-zip',
        `el ZIP del padrón usa un método de compresión no soportado (${entry.compressionMethod})`,
      );
    }
    return { entry, raw: await zip.openReadStreamPromise(entry, { decodeFileData: false }) };
  } catch (error) {
    if (error instanceof PadronError) throw error;
    throw corrupt((error as Error).message);
  } finally {
    // yauzl closes the file once the entry's stream has ended.
    zip.close();
  }
}

/**
 * Yields the inflated bytes of the ZIP's first file (SUNAT's has one), then checks CRC and size.
 * `onEntry` hears the file's name and declared size before the first bytes.
 */
export async function* inflateZipFile(
  file: string,
  onEntry?: (name: string, size: number) => void,
): AsyncGenerator<Buffer> {
  const { entry, raw } = await openEntry(file);
  onEntry?.(entry.fileName, entry.uncompressedSize);
  let out: Readable = raw;
  if (entry.compressionMethod === 8) {
    const inflater = zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK });
    raw.on('error', (error) => inflater.destroy(error));
    out = raw.pipe(inflater);
  }
  let crc = 0;
  let size = 0;
  const collect = everyBytes();
  try {
    for await (const chunk of out as AsyncIterable<Buffer>) {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
      collect(chunk.length);
      if (size > entry.uncompressedSize) throw corrupt('más datos que los declarados');
      yield chunk;
    }
  } catch (error) {
    if (error instanceof PadronError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code?.startsWith('Z_')) throw corrupt((error as Error).message);
    throw error;
  } finally {
    raw.destroy();
    out.destroy();
  }
  if (crc !== entry.crc32 || size !== entry.uncompressedSize) throw corrupt('CRC o tamaño no coinciden');
}
