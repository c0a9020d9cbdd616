import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type FileLimits, FileRefusedError } from './file-refusal.js';

/** Parts smaller than this are never refused for their ratio (tiny XML compresses oddly). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** An .xlsx (a ZIP) whose central directory passed the caps; parts are read as verified streams. */
export interface CheckedZip {
  has(name: string): boolean;
  /** Every part name, in directory order. */
  names(): string[];
  /** The part's inflated bytes; the stream errors as soon as it yields more than it declared. */
  open(name: string): Promise<Readable>;
  close(): void;
}

/**
 * Reads the ZIP's central directory with yauzl before anything is inflated and refuses it on the
 * entry count, the declared total uncompressed size or a part's compression ratio. yauzl checks
 * each inflated stream against the size the directory declared, so a lying header cannot expand
 * past the cap either.
 */
export async function openCheckedZip(
  bytes: Uint8Array,
  limits: Pick<FileLimits, 'maxUnzippedBytes' | 'maxZipEntries' | 'maxZipRatio'>,
): Promise<CheckedZip> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip: ZipFile = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      throw new FileRefusedError('expands', `${zip.entryCount} entries (max ${limits.maxZipEntries})`);
    }
    const entries = new Map<string, Entry>();
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (total > limits.maxUnzippedBytes) {
        throw new FileRefusedError('expands', `over ${limits.maxUnzippedBytes} bytes once unzipped`);
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxZipRatio) {
        throw new FileRefusedError('expands', `a part expands ${Math.round(ratio)} times`);
      }
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
    }
    return {
      has: (name) => entries.has(name),
      names: () => [...entries.keys()],
      async open(name) {
        const entry = entries.get(name);
        if (!entry) throw new Error(`no part ${name} in the workbook`);
        return zip.openReadStreamPromise(entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** yauzl's message when an inflated part outgrows its declared size (a lying ZIP header). */
export function isOversizedStream(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('too many bytes in the stream');
}
