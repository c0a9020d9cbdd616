import type { Logger } from 'pino';
import type { BatchConfig } from '../config/types.js';
import { UserError } from '../errors/user-error.js';
import { DocumentTooLargeError, type IncomingDocument } from '../transports/transport.js';
import { FileRefusedError } from './file-refusal.js';
import { batchFileKind, tokensFromFile } from './files.js';

const MIB = 1024 * 1024;

/** The Spanish reply of a refused file (templates/errors/lote-archivo-*.liquid). */
function refusalReply(error: FileRefusedError, settings: BatchConfig): UserError {
  switch (error.reason) {
    case 'binary':
      return new UserError('lote-archivo-binario');
    case 'expands':
      return new UserError('lote-archivo-expandido', {
        maximo_mb: Math.max(1, Math.round(settings.maxUnzippedBytes / MIB)),
      });
    case 'rows':
      return new UserError('lote-archivo-filas', {
        maximo: settings.maxFileRows,
        maximo_lote: settings.maxEntries,
      });
    case 'slow':
      return new UserError('lote-archivo-lento', {
        segundos: Math.max(1, Math.round(settings.maxReadMs / 1000)),
      });
  }
}

/**
 * The candidate numbers of a file sent with `lote`: its kind, its download (size-capped by the
 * transport; a document WhatsApp cannot hand over, e.g. one without media keys, gets its own
 * reply), then the capped read. Every refusal is a UserError with a Spanish reply, never "Algo
 * salió mal".
 */
export async function documentTokens(
  document: IncomingDocument,
  settings: BatchConfig,
  log: Pick<Logger, 'warn'>,
): Promise<string[]> {
  const kind = batchFileKind(document.fileName, document.mimetype);
  if (!kind) throw new UserError('lote-archivo-tipo');
  const max = settings.maxFileBytes;
  const tooLarge = new UserError('lote-archivo-grande', { maximo_kb: Math.floor(max / 1024) });
  if (document.size !== undefined && document.size > max) throw tooLarge;
  let bytes: Uint8Array;
  try {
    bytes = await document.download(max);
  } catch (error) {
    if (error instanceof DocumentTooLargeError) throw tooLarge;
    log.warn({ err: error, kind }, 'batch file could not be downloaded');
    throw new UserError('lote-archivo-descarga');
  }
  try {
    return await tokensFromFile(kind, bytes, settings);
  } catch (error) {
    if (error instanceof FileRefusedError) {
      log.warn(
        { kind, bytes: bytes.byteLength, reason: error.reason, detail: error.detail },
        'batch file refused',
      );
      throw refusalReply(error, settings);
    }
    log.warn({ err: error, kind }, 'batch file could not be read');
    throw new UserError('lote-archivo-ilegible');
  }
}
