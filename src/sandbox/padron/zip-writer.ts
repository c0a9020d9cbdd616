import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * A one-entry ZIP written as a stream: local header with the data-descriptor flag (sizes and CRC
 * unknown up front, as Java's ZipOutputStream writes them), deflated data from native zlib, then
 * the descriptor, the central directory and its end record. Enough for files under 4 GiB.
 */

const DATA_DESCRIPTOR_FLAG = 0x0008;
const DEFLATE = 8;

function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function localHeader(name: Buffer, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(DATA_DESCRIPTOR_FLAG, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

interface Totals {
  crc: number;
  compressed: number;
  size: number;
}

function trailer(name: Buffer, stamp: { time: number; date: number }, t: Totals): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(t.crc, 4);
  descriptor.writeUInt32LE(t.compressed, 8);
  descriptor.writeUInt32LE(t.size, 12);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(DATA_DESCRIPTOR_FLAG, 8);
  central.writeUInt16LE(DEFLATE, 10);
  central.writeUInt16LE(stamp.time, 12);
  central.writeUInt16LE(stamp.date, 14);
  central.writeUInt32LE(t.crc, 16);
  central.writeUInt32LE(t.compressed, 20);
  central.writeUInt32LE(t.size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  const centralOffset = 30 + name.length + t.compressed + descriptor.length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([descriptor, central, name, end]);
}

/** Streams a ZIP holding one file `name` whose bytes come from `source` (deflate `level` 0–9). */
export async function* zipOneFile(
  name: string,
  modified: Date,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  level = 6,
): AsyncGenerator<Buffer> {
  const nameBytes = Buffer.from(name, 'latin1');
  const stamp = dosTime(modified);
  const totals: Totals = { crc: 0, compressed: 0, size: 0 };
  yield localHeader(nameBytes, stamp);
  const deflater = zlib.createDeflateRaw({ level });
  const pump = (async () => {
    for await (const chunk of source) {
      totals.crc = zlib.crc32(chunk, totals.crc);
      totals.size += chunk.length;
      if (!deflater.write(chunk)) await once(deflater, 'drain');
    }
    deflater.end();
  })();
  pump.catch((error: unknown) => deflater.destroy(error as Error));
  for await (const out of deflater as AsyncIterable<Buffer>) {
    totals.compressed += out.length;
    yield out;
  }
  await pump;
  yield trailer(nameBytes, stamp, totals);
}
