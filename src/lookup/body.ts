import { LookupBodyTooLargeError, type OperationName } from './errors.js';

/** Default caps: 2 MiB for JSON answers, 32 MiB for the ZIP operations (base64 inside JSON). */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_ZIP_BODY_BYTES = 32 * 1024 * 1024;

/** Operations whose answer carries a ZIP file and gets the larger cap. */
const ZIP_OPERATIONS: ReadonlySet<OperationName> = new Set(['invoiceXml', 'invoicePdf', 'guideXml']);

/** The cap that applies to one operation. */
export function bodyCap(operation: OperationName, caps: { maxBodyBytes: number; maxZipBodyBytes: number }) {
  return ZIP_OPERATIONS.has(operation) ? caps.maxZipBodyBytes : caps.maxBodyBytes;
}

/**
 * Reads a response body as UTF-8 text, at most `maxBytes`: a bigger body (by Content-Length or
 * while streaming) destroys the stream and throws LookupBodyTooLargeError, so a hostile or broken
 * upstream can never make us build a multi-gigabyte string.
 */
export async function readBodyCapped(
  operation: OperationName,
  body: AsyncIterable<Uint8Array> & { destroy(error?: Error): unknown; text?(): Promise<string> },
  maxBytes: number,
  contentLength?: string | string[],
): Promise<string> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(declared) && declared > maxBytes) {
    const error = new LookupBodyTooLargeError(operation, maxBytes);
    body.destroy(error);
    throw error;
  }
  // A declared length within the cap is enforced by undici itself (a longer body is an error), so
  // the body's own reader is safe and avoids copying every chunk (the hot path of every lookup).
  if (Number.isFinite(declared) && body.text) return body.text();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      const error = new LookupBodyTooLargeError(operation, maxBytes);
      body.destroy(error);
      throw error;
    }
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
