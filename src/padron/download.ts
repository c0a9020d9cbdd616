import { Agent, type Dispatcher, interceptors, request } from 'undici';
import { PadronError } from './errors.js';

/**
 * The conditional GET of the register's ZIP: `If-None-Match` / `If-Modified-Since` from the live
 * edition, so an unchanged file costs one round trip (304) instead of 372 MiB. Redirects are
 * followed (www → www2, http → https); timeouts are idle timers, as the body takes minutes.
 */

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type Download =
  | { status: 'unchanged' }
  | { status: 'new'; body: AsyncIterable<Buffer>; validators: Validators; length?: number; cancel(): void };

export interface DownloadOptions {
  /** Test seam (MockAgent); default: an agent that follows up to 5 redirects. */
  dispatcher?: Dispatcher;
  /** Milliseconds without a byte before giving up (default 60 s). */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
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
      dispatcher: options.dispatcher ?? agent(),
      headersTimeout: idle,
      bodyTimeout: idle,
      ...(options.signal ? { signal: options.signal } : {}),
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
