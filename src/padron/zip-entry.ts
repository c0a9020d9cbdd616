import zlib from 'node:zlib';
import { PadronError } from './errors.js';

/**
 * Reads the first file of a ZIP as it downloads: parses the local header, inflates with Node's
 * native zlib (off the main thread) and lets inflate itself find where the data ends, so an entry
 * with a data descriptor is never cut at a look-alike signature inside the compressed bytes (the
 * streaming readers we tried split there; see SOURCES.md). At the end the CRC-32 and both sizes
 * are checked against the descriptor or header, and the archive's end record must be there: a cut
 * or corrupt download throws PadronError and never yields its last bytes as if complete.
 */

const LOCAL_HEADER = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const TAIL_KEEP = 70 * 1024;

interface EntryHeader {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  zip64: boolean;
  /** Bytes of header, name and extra field. */
  length: number;
}

const truncated = () =>
  new PadronError(
    'truncated',
    'el ZIP del padrón llegó incompleto (descarga cortada); se conserva la edición anterior',
  );

function readHeader(bytes: Buffer): EntryHeader | undefined {
  if (bytes.length < 30) return undefined;
  if (bytes.readUInt32LE(0) !== LOCAL_HEADER) {
    throw new PadronError('not-zip', 'lo descargado no es un ZIP (¿cambió la dirección del padrón?)');
  }
  const nameLength = bytes.readUInt16LE(26);
  const extraLength = bytes.readUInt16LE(28);
  const length = 30 + nameLength + extraLength;
  if (bytes.length < length) return undefined;
  const header: EntryHeader = {
    name: bytes.toString('latin1', 30, 30 + nameLength),
    flags: bytes.readUInt16LE(6),
    method: bytes.readUInt16LE(8),
    crc: bytes.readUInt32LE(14),
    compressed: bytes.readUInt32LE(18),
    size: bytes.readUInt32LE(22),
    zip64: false,
    length,
  };
  // ZIP64 extra field (id 1): 8-byte sizes when the 4-byte ones say 0xFFFFFFFF.
  for (let at = 30 + nameLength; at + 4 <= length;) {
    const id = bytes.readUInt16LE(at);
    const size = bytes.readUInt16LE(at + 2);
    if (id === 1) {
      header.zip64 = true;
      if (header.size === 0xffffffff && size >= 8) header.size = Number(bytes.readBigUInt64LE(at + 4));
      if (header.compressed === 0xffffffff && size >= 16) {
        header.compressed = Number(bytes.readBigUInt64LE(at + 12));
      }
    }
    at += 4 + size;
  }
  if (header.flags & 1) throw new PadronError('not-zip', 'el ZIP del padrón está cifrado');
  if (header.method !== 8) {
    throw new PadronError(
      'not-zip',
      `el ZIP del padrón usa un método de compresión no soportado (${header.method})`,
    );
  }
  return header;
}

/** The CRC and sizes the archive declares for the entry, from its data descriptor or header. */
function declared(header: EntryHeader, after: Buffer): { crc: number; compressed: number; size: number } {
  if (!(header.flags & 8)) return header;
  const at = after.length >= 4 && after.readUInt32LE(0) === DESCRIPTOR ? 4 : 0;
  const wide = header.zip64;
  if (after.length < at + (wide ? 20 : 12)) throw truncated();
  return {
    crc: after.readUInt32LE(at),
    compressed: wide ? Number(after.readBigUInt64LE(at + 4)) : after.readUInt32LE(at + 4),
    size: wide ? Number(after.readBigUInt64LE(at + 12)) : after.readUInt32LE(at + 8),
  };
}

/** Where the inflater stopped: the bytes after the compressed data, from what was written to it. */
class Written {
  private chunks: Buffer[] = [];
  private start = 0;
  private total = 0;

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.total += chunk.length;
    // Keep enough to cover inflate's look-ahead (its input queue is bounded by backpressure).
    while (this.chunks.length > 2 && this.total - this.start - (this.chunks[0]?.length ?? 0) > 1 << 20) {
      this.start += this.chunks.shift()?.length ?? 0;
    }
  }

  from(offset: number): Buffer {
    return Buffer.concat(this.chunks).subarray(Math.max(0, offset - this.start));
  }
}

/** Resolves once the inflater can take more input, has ended, or failed. */
function writable(inflater: zlib.InflateRaw): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      inflater.off('drain', done);
      inflater.off('close', done);
      inflater.off('end', done);
      resolve();
    };
    inflater.on('drain', done);
    inflater.on('close', done);
    inflater.on('end', done);
  });
}

/**
 * Yields the inflated bytes of the ZIP's first file, then checks it was whole. `onEntry` hears
 * the file's name before the first bytes.
 */
export async function* unzipFirstEntry(
  source: AsyncIterable<Buffer>,
  onEntry?: (name: string) => void,
): AsyncGenerator<Buffer> {
  const input = source[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let header: EntryHeader | undefined;
  while (!(header = readHeader(head))) {
    const next = await input.next();
    if (next.done)
      throw head.length === 0
        ? new PadronError('not-zip', 'el servidor envió un archivo vacío')
        : truncated();
    head = Buffer.concat([head, next.value]);
  }
  onEntry?.(header.name);
  const inflater = zlib.createInflateRaw({ chunkSize: 128 * 1024 });
  const written = new Written();
  let ended = false;
  let tail = Buffer.alloc(0);
  inflater.once('end', () => {
    ended = true;
  });
  const keepTail = (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > TAIL_KEEP) tail = tail.subarray(tail.length - TAIL_KEEP);
  };
  const feed = async (chunk: Buffer) => {
    keepTail(chunk);
    written.add(chunk);
    if (!ended && !inflater.write(chunk)) await writable(inflater);
  };
  const pump = (async () => {
    await feed(head.subarray(header.length));
    for (let next = await input.next(); !next.done; next = await input.next()) await feed(next.value);
    inflater.end();
  })();
  pump.catch((error: unknown) => inflater.destroy(error instanceof Error ? error : new Error(String(error))));
  let crc = 0;
  let size = 0;
  try {
    for await (const out of inflater as AsyncIterable<Buffer>) {
      crc = zlib.crc32(out, crc);
      size += out.length;
      yield out;
    }
    await pump;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') throw truncated();
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw new PadronError('corrupt', `el ZIP del padrón está dañado (${(error as Error).message})`);
    }
    throw error;
  } finally {
    inflater.destroy();
    await input.return?.();
  }
  const consumed = inflater.bytesWritten;
  const expected = declared(header, written.from(consumed));
  if (expected.crc !== crc || expected.size !== size || expected.compressed !== consumed) {
    throw new PadronError('corrupt', 'el ZIP del padrón está dañado (CRC o tamaño no coinciden)');
  }
  // The archive ends with its end record (22 bytes plus its comment): anything less was cut.
  const end = tail.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (end < 0 || tail.length - end < 22 || tail.length - end - 22 !== tail.readUInt16LE(end + 20))
    throw truncated();
}
