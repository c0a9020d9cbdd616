import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Taxpayer } from '../../lookup/schemas/index.js';
import { limaDate } from '../../time/lima.js';
import { MAX_ROWS, PADRON_HEADER, padronLines } from './rows.js';
import { zipOneFile } from './zip-writer.js';
import { PADRON_ENTRY } from './path.js';

/**
 * GET/HEAD `/padron_reducido_ruc.zip` on the sandbox's origin: SUNAT's register as a streamed ZIP
 * of generated fictional rows, with ETag and Last-Modified so conditional requests work. Query
 * parameters pick the size and the faults the importer's tests need:
 * `rows` (default the sandbox's), `edition` (YYYY-MM-DD, default today in Lima),
 * `variant` (`bad-header`: another header; `utf8`: text in UTF-8 instead of Latin-1),
 * `cut` (end cleanly after that many bytes), `reset` (drop the connection after that many bytes),
 * `delay` (milliseconds between 64 KiB chunks).
 */
export { PADRON_ENTRY, PADRON_PATH } from './path.js';

const CHUNK = 64 * 1024;

interface PadronQuery {
  rows: number;
  edition: string;
  variant: string;
  cut?: number;
  reset?: number;
  delay: number;
  /** The sandbox's changed taxpayers and the change count (part of the ETag). */
  changed: readonly Taxpayer[];
  version: number;
}

function parseQuery(
  url: URL,
  defaultRows: number,
  now: Date,
): Omit<PadronQuery, 'changed' | 'version'> | undefined {
  const number = (name: string) => {
    const raw = url.searchParams.get(name);
    return raw === null ? undefined : Number(raw);
  };
  const rows = number('rows') ?? defaultRows;
  const edition = url.searchParams.get('edition') ?? limaDate(now);
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(edition)) return undefined;
  const query: Omit<PadronQuery, 'changed' | 'version'> = {
    rows,
    edition,
    variant: url.searchParams.get('variant') ?? '',
    delay: number('delay') ?? 0,
  };
  const cut = number('cut');
  const reset = number('reset');
  if (cut !== undefined) query.cut = cut;
  if (reset !== undefined) query.reset = reset;
  return query;
}

/** The file's lines, encoded and grouped in chunks of about 64 KiB. */
function* textChunks(query: PadronQuery): Generator<Buffer> {
  const encoding = query.variant === 'utf8' ? 'utf8' : 'latin1';
  const header = query.variant === 'bad-header' ? PADRON_HEADER.replace('UBIGEO|', '') : PADRON_HEADER;
  let batch: string[] = [header];
  let length = header.length;
  for (const line of padronLines(query.rows, query.changed)) {
    batch.push(line);
    length += line.length + 1;
    if (length >= CHUNK) {
      yield Buffer.from(`${batch.join('\n')}\n`, encoding);
      batch = [];
      length = 0;
    }
  }
  if (batch.length > 0) yield Buffer.from(`${batch.join('\n')}\n`, encoding);
}

function validators(query: PadronQuery): { etag: string; lastModified: string } {
  const tag = [query.edition, query.rows, query.variant, query.version && `v${query.version}`]
    .filter(Boolean)
    .join('-');
  return {
    etag: `"padron-${tag}"`,
    lastModified: new Date(`${query.edition}T05:00:00Z`).toUTCString(),
  };
}

function notModified(req: IncomingMessage, etag: string, lastModified: string): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined) return match.split(',').some((tag) => tag.trim() === etag);
  const since = req.headers['if-modified-since'];
  return since !== undefined && Date.parse(since) >= Date.parse(lastModified);
}

/** Resolves when the response can take more, or is gone (listeners removed either way). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Answers one padrón request; never throws (a broken client connection just ends the stream). */
export async function servePadron(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: { defaultRows: number; now: Date; changed?: readonly Taxpayer[]; version?: number },
): Promise<void> {
  const parsed = parseQuery(url, options.defaultRows, options.now);
  if (!parsed) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
    return;
  }
  const query: PadronQuery = { ...parsed, changed: options.changed ?? [], version: options.version ?? 0 };
  const { etag, lastModified } = validators(query);
  const headers = { etag, 'last-modified': lastModified, 'cache-control': 'no-cache' };
  if (notModified(req, etag, lastModified)) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-type': 'application/zip' });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  let sent = 0;
  const modified = new Date(`${query.edition}T05:00:00Z`);
  for await (const chunk of zipOneFile(PADRON_ENTRY, modified, textChunks(query))) {
    if (res.destroyed) return;
    const limit = query.cut ?? query.reset;
    const piece = limit !== undefined ? chunk.subarray(0, Math.max(0, limit - sent)) : chunk;
    sent += piece.length;
    if (piece.length > 0 && !res.write(piece)) await drained(res);
    if (limit !== undefined && sent >= limit) {
      if (query.reset !== undefined) req.socket.destroy();
      else res.end();
      return;
    }
    if (query.delay > 0) await sleep(query.delay);
  }
  res.end();
}
