import { rmSync, statSync } from 'node:fs';
import type { Logger } from 'pino';
import { limaDate } from '../time/lima.js';
import { collectGarbage } from './collect-garbage.js';
import { downloadToFile } from './download-thread.js';
import { startEditionBuild } from './edition-build.js';
import { type EditionMeta, readEditionFile } from './edition-file.js';
import { PadronError } from './errors.js';
import { buildPath, livePath, removeLeftovers, swapIn, workDir } from './files.js';
import { loadPadron } from './load.js';
import { lockUpdates } from './update-lock.js';
import { inflateZipFile } from './zip-file.js';

/**
 * `chasqui padron update` and the daily job: one conditional download of SUNAT's register, saved
 * beside the live edition by the download worker, then unzipped, decoded and parsed on this thread while the edition
 * worker inserts into a new edition file; then the edition worker indexes the RUCs while a
 * name-index worker builds the name index beside it (edition-writer.ts); checked (ZIP CRC and sizes, header,
 * malformed lines, encoding, check digits, row count against the last edition) and only then
 * swapped in. Any failure deletes the new files and leaves the live edition as it was.
 */

export interface UpdateOptions {
  dataDir: string;
  url: string;
  /** Refuse an edition with fewer rows than this share of the live one (config `padron.minRowFraction`). */
  minRowFraction: number;
  /** The rows are the sandbox's fictional ones. */
  sandbox?: boolean;
  now?: () => Date;
  signal?: AbortSignal;
  logger?: Logger;
}

export type UpdateResult =
  | { status: 'unchanged'; edition?: EditionMeta }
  | { status: 'updated'; edition: EditionMeta; previous?: EditionMeta; seconds: number; fileBytes: number };

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
  const lock = lockUpdates(workDir(options.dataDir));
  try {
    const removed = removeLeftovers(options.dataDir);
    if (removed.length > 0) log?.info({ removed }, 'removed files of an interrupted padrón update');
    const live = readEditionFile(livePath(options.dataDir));
    const started = now();
    const file = buildPath(options.dataDir, started);
    const zipFile = `${file}.zip`;
    let build: ReturnType<typeof startEditionBuild> | undefined;
    try {
      const known = {
        ...(live?.etag ? { etag: live.etag } : {}),
        ...(live?.lastModified ? { lastModified: live.lastModified } : {}),
      };
      const download = await downloadToFile({ url: options.url, known, file: zipFile }, options.signal);
      if (download.status === 'unchanged')
        return live ? { status: 'unchanged', edition: live } : { status: 'unchanged' };
      build = startEditionBuild(file);
      const stats = await loadPadron(inflateZipFile(zipFile), build);
      // The inflated chunks, dead but not yet collected (12.8 MB measured), go before the index
      // builds, the import's peak.
      collectGarbage();
      if (live && stats.rows < live.rows * options.minRowFraction) {
        throw new PadronError(
          'too-few-rows',
          `la nueva edición trae ${stats.rows} filas, muy pocas frente a las ${live.rows} de la edición del ${live.edition} ` +
            `(mínimo ${Math.round(options.minRowFraction * 100)} %); se conserva la edición anterior`,
        );
      }
      await build.index();
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
        zipBytes: download.bytes,
        sha256: download.sha256,
        source: options.url,
        sandbox: options.sandbox ?? false,
        ...(etag ? { etag } : {}),
        ...(lastModified ? { lastModified } : {}),
      };
      await build.finish(edition);
      rmSync(zipFile, { force: true });
      const fileBytes = statSync(file).size;
      swapIn(options.dataDir, file);
      const seconds = (now().getTime() - started.getTime()) / 1000;
      log?.info(
        { edition: edition.edition, rows: stats.rows, malformed: stats.malformed, seconds },
        'padrón updated',
      );
      return { status: 'updated', edition, ...(live ? { previous: live } : {}), seconds, fileBytes };
    } catch (error) {
      await build?.abandon();
      rmSync(file, { force: true });
      rmSync(zipFile, { force: true });
      throw diskError(error);
    }
  } finally {
    lock.release();
  }
}
