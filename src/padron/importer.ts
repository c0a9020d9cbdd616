import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { limaDate } from '../time/lima.js';
import { downloadPadron } from './download.js';
import { createEditionWriter, type EditionMeta, readEditionFile } from './edition-file.js';
import { PadronError } from './errors.js';
import { buildPath, livePath, lockUpdates, removeLeftovers, swapIn, workDir } from './files.js';
import { loadPadron } from './load.js';

/**
 * `chasqui padron update` and the daily job: one conditional download of SUNAT's register,
 * streamed through unzip, decoding and parsing into a new edition file beside the live one, then
 * checked (header, malformed lines, encoding, check digits, row count against the last edition)
 * and only then swapped in. Any failure deletes the new file and leaves the live edition as it was.
 */

export interface UpdateOptions {
  dataDir: string;
  url: string;
  /** Refuse an edition with fewer rows than this share of the live one (config `padron.minRowFraction`). */
  minRowFraction: number;
  /** The rows are the sandbox's fictional ones. */
  sandbox?: boolean;
  now?: () => Date;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
  logger?: Logger;
}

export type UpdateResult =
  | { status: 'unchanged'; edition?: EditionMeta }
  | { status: 'updated'; edition: EditionMeta; previous?: EditionMeta; seconds: number; fileBytes: number };

/** Counts and hashes the downloaded bytes on their way to the unzipper; a dropped connection is a cut download. */
async function* measured(
  body: AsyncIterable<Buffer>,
  into: { bytes: number; hash: ReturnType<typeof createHash> },
) {
  try {
    for await (const chunk of body) {
      into.hash.update(chunk);
      into.bytes += chunk.length;
      yield chunk;
    }
  } catch (error) {
    throw new PadronError(
      'truncated',
      `la descarga del padrón se cortó tras ${into.bytes} bytes (${(error as Error).message}); se conserva la edición anterior`,
    );
  }
}

function diskError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
    return new PadronError(
      'disk',
      'no hay espacio en disco para la nueva edición del padrón; se conserva la anterior',
    );
  }
  return error;
}

/** Brings the mirror up to date; throws PadronError (live edition untouched) when it cannot. */
export async function updatePadron(options: UpdateOptions): Promise<UpdateResult> {
  const now = options.now ?? (() => new Date());
  const log = options.logger?.child({ module: 'padron' });
  mkdirSync(workDir(options.dataDir), { recursive: true });
  const lock = lockUpdates(options.dataDir);
  try {
    const removed = removeLeftovers(options.dataDir);
    if (removed.length > 0) log?.info({ removed }, 'removed files of an interrupted padrón update');
    const live = readEditionFile(livePath(options.dataDir));
    const download = await downloadPadron(
      options.url,
      live
        ? {
            ...(live.etag ? { etag: live.etag } : {}),
            ...(live.lastModified ? { lastModified: live.lastModified } : {}),
          }
        : {},
      {
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    if (download.status === 'unchanged')
      return live ? { status: 'unchanged', edition: live } : { status: 'unchanged' };
    if (live?.etag !== undefined && download.validators.etag === live.etag) {
      download.cancel();
      return { status: 'unchanged', edition: live };
    }
    const started = now();
    const file = buildPath(options.dataDir, started);
    const writer = createEditionWriter(file);
    const received = { bytes: 0, hash: createHash('sha256') };
    try {
      const stats = await loadPadron(measured(download.body, received), writer);
      if (download.length !== undefined && download.length !== received.bytes) {
        throw new PadronError(
          'truncated',
          'el ZIP del padrón llegó incompleto; se conserva la edición anterior',
        );
      }
      if (live && stats.rows < live.rows * options.minRowFraction) {
        throw new PadronError(
          'too-few-rows',
          `la nueva edición trae ${stats.rows} filas, muy pocas frente a las ${live.rows} de la edición del ${live.edition} ` +
            `(mínimo ${Math.round(options.minRowFraction * 100)} %); se conserva la edición anterior`,
        );
      }
      const { lastModified, etag } = download.validators;
      const published =
        lastModified !== undefined && !Number.isNaN(Date.parse(lastModified))
          ? new Date(lastModified)
          : started;
      const edition: EditionMeta = {
        edition: limaDate(published),
        importedAt: now().toISOString(),
        rows: stats.rows,
        malformed: stats.malformed,
        zipBytes: received.bytes,
        sha256: received.hash.digest('hex'),
        source: options.url,
        sandbox: options.sandbox ?? false,
        ...(etag ? { etag } : {}),
        ...(lastModified ? { lastModified } : {}),
      };
      writer.finish(edition);
      const fileBytes = statSync(file).size;
      swapIn(options.dataDir, file);
      const seconds = (now().getTime() - started.getTime()) / 1000;
      log?.info(
        { edition: edition.edition, rows: stats.rows, malformed: stats.malformed, seconds },
        'padrón updated',
      );
      return { status: 'updated', edition, ...(live ? { previous: live } : {}), seconds, fileBytes };
    } catch (error) {
      writer.abandon();
      download.cancel();
      rmSync(file, { force: true });
      throw diskError(error);
    }
  } finally {
    lock.release();
  }
}
