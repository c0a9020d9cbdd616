import type { BatchConfig } from '../../src/config/types.js';

/** The caps on reading an attached file (`batch.*` in the config file; defaults there). */
export type FileLimits = Pick<
  BatchConfig,
  'maxFileRows' | 'maxUnzippedBytes' | 'maxZipEntries' | 'maxZipRatio' | 'maxReadMs'
>;

/** Columns read per row (a sheet's number column is near the left; `XFD1` must not make 16,384). */
export const MAX_COLUMNS = 64;

/**
 * Why an attached file was refused before or while reading it: it expands too much (a zip bomb:
 * total size, entry count, ratio, or more bytes than its headers declared), has too many rows,
 * takes too long, or is not text at all (a binary file named .csv).
 */
export type FileRefusalReason = 'expands' | 'rows' | 'slow' | 'binary';

/** Thrown by the file readers; `document.ts` turns it into the Spanish reply. */
export class FileRefusedError extends Error {
  constructor(
    readonly reason: FileRefusalReason,
    readonly detail: string,
  ) {
    super(`batch file refused (${reason}): ${detail}`);
    this.name = 'FileRefusedError';
  }
}

/** A clock for the time cap: throws `slow` once `maxReadMs` has passed since it was made. */
export function readDeadline(limits: Pick<FileLimits, 'maxReadMs'>, now: () => number = Date.now) {
  const until = now() + limits.maxReadMs;
  return () => {
    if (now() > until) throw new FileRefusedError('slow', `reading took more than ${limits.maxReadMs} ms`);
  };
}
