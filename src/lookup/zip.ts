import { type UnzipFileInfo, unzipSync } from 'fflate';

/** One file of an invoice ZIP (operations 16 and 17). */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

/** Why an invoice archive could not be opened; commands map `reason` to a user template. */
export class InvoiceZipError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'empty' | 'too_large',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'InvoiceZipError';
  }
}

const DEFAULT_MAX_ZIP_BYTES = 10 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/**
 * Opens the Base64 ZIP an invoice operation returns and yields its files (directories skipped).
 * `maxBytes` bounds both the decoded archive and the total uncompressed size, so a hostile
 * archive cannot exhaust memory.
 */
export function unzipBase64(base64: string, options: { maxBytes?: number } = {}): ZipEntry[] {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ZIP_BYTES;
  if (Math.floor((base64.length * 3) / 4) > maxBytes) {
    throw new InvoiceZipError('too_large', `archive exceeds ${maxBytes} bytes`);
  }
  if (!BASE64.test(base64)) throw new InvoiceZipError('corrupt', 'archive is not Base64 text');
  const archive = Buffer.from(base64, 'base64');
  if (archive.length === 0) throw new InvoiceZipError('empty', 'archive is empty');

  let total = 0;
  const filter = (file: UnzipFileInfo): boolean => {
    if (file.name.endsWith('/')) return false;
    total += file.originalSize;
    if (total > maxBytes) throw new InvoiceZipError('too_large', `archive content exceeds ${maxBytes} bytes`);
    return true;
  };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(archive.buffer, archive.byteOffset, archive.length), { filter });
  } catch (error) {
    if (error instanceof InvoiceZipError) throw error;
    throw new InvoiceZipError('corrupt', 'archive could not be read', { cause: error });
  }
  const entries = Object.entries(files).map(([name, bytes]) => ({ name, bytes }));
  if (entries.length === 0) throw new InvoiceZipError('empty', 'archive holds no files');
  if (entries.reduce((sum, entry) => sum + entry.bytes.length, 0) > maxBytes) {
    throw new InvoiceZipError('too_large', `archive content exceeds ${maxBytes} bytes`);
  }
  return entries;
}
