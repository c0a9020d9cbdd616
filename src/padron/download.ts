import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Agent, type Dispatcher, interceptors, request } from 'undici';
import { everyBytes } from './collect-garbage.js';
import { PadronError } from './errors.js';

/**
 * The conditional GET of the register's ZIP: `If-None-Match` / `If-Modified-Since` from the live
 * edition, so an unchanged file costs one round trip (304) instead of 372 MiB. Redirects are
 * followed (www → www2, http → https); timeouts are idle timers, as the body takes minutes.
 * The body is saved to disk (the ZIP is read through its central directory, at the end).
 */

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type Download =
  | { status: 'unchanged' }
  | { status: 'new'; body: AsyncIterable<Buffer>; validators: Validators; length?: number; cancel(): void };

export interface DownloadOptions {
  /** Milliseconds without a byte before giving up (default 60 s). */
  idleTimeoutMs?: number;
}

let defaultAgent: Dispatcher | undefined;

function agent(): Dispatcher {
  defaultAgent ??= new Agent().compose(interceptors.redirect({ maxRedirections: 5 }));
  return defaultAgent;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Starts the download; resolves once the status and headers are in. */
export async function downloadPadron(
  url: string,
  known: Validators,
  options: DownloadOptions = {},
): Promise<Download> {
  const headers: Record<string, string> = { 'user-agent': 'chasqui-padron/1', accept: 'application/zip' };
  if (known.etag) headers['if-none-match'] = known.etag;
  if (known.lastModified) headers['if-modified-since'] = known.lastModified;
  const idle = options.idleTimeoutMs ?? 60_000;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: 'GET',
      headers,
      dispatcher: agent(),
      headersTimeout: idle,
      bodyTimeout: idle,
    });
  } catch (error) {
    throw new PadronError(
      'download',
      `no se pudo descargar el padrón de ${url}: ${(error as Error).message}`,
    );
  }
  const { statusCode, body } = response;
  if (statusCode === 304) {
    body.resume();
    return { status: 'unchanged' };
  }
  if (statusCode !== 200) {
    body.resume();
    throw new PadronError('download', `el servidor del padrón respondió ${statusCode} para ${url}`);
  }
  const validators: Validators = {};
  const etag = header(response.headers.etag);
  const lastModified = header(response.headers['last-modified']);
  if (etag) validators.etag = etag;
  if (lastModified) validators.lastModified = lastModified;
  const length = Number(header(response.headers['content-length']));
  return {
    status: 'new',
    body: body as AsyncIterable<Buffer>,
    validators,
    ...(Number.isFinite(length) && length > 0 ? { length } : {}),
    cancel: () => body.destroy(),
  };
}

/** What was saved: its size and SHA-256 (hex), computed on the way to disk. */
export interface Saved {
  bytes: number;
  sha256: string;
}

/** Writes a new download's body to `file`; a dropped connection or a short body is a cut download. */
export async function saveDownload(
  download: Extract<Download, { status: 'new' }>,
  file: string,
): Promise<Saved> {
  const hash = createHash('sha256');
  let bytes = 0;
  const collect = everyBytes();
  async function* measured(body: AsyncIterable<Buffer>) {
    for await (const chunk of body) {
      hash.update(chunk);
      bytes += chunk.length;
      collect(chunk.length);
      yield chunk;
    }
  }
  try {
    await pipeline(download.body, measured, createWriteStream(file));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOSPC') throw error;
    throw new PadronError(
      'truncated',
      `la descarga del padrón se cortó tras ${bytes} bytes (${(error as Error).message}); se conserva la edición anterior`,
    );
  }
  if (download.length !== undefined && download.length !== bytes) {
    throw new PadronError(
      'truncated',
      `el ZIP del padrón llegó incompleto (${bytes} de ${download.length} bytes); se conserva la edición anterior`,
    );
  }
  return { bytes, sha256: hash.digest('hex') };
}
