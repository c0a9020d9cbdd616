import {
  downloadMediaMessage,
  normalizeMessageContent,
  type proto,
  type WAMessage,
} from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import { DocumentTooLargeError, type IncomingDocument } from '../../transport.js';

/** What a received document announces about itself (nothing is downloaded to know it). */
export interface DocumentInfo {
  fileName: string;
  mimetype: string;
  size?: number;
}

/** The document of a message (plain or with caption), if it carries one. */
export function documentInfo(content: proto.IMessage | null | undefined): DocumentInfo | undefined {
  const document = normalizeMessageContent(content)?.documentMessage;
  if (!document) return undefined;
  const info: DocumentInfo = {
    fileName: document.fileName?.trim() || document.title?.trim() || 'documento',
    mimetype: document.mimetype?.trim() || 'application/octet-stream',
  };
  const length = document.fileLength;
  const size = length === null || length === undefined ? undefined : Number(length.toString());
  if (size !== undefined && Number.isFinite(size) && size >= 0) info.size = size;
  return info;
}

/** Opens the media stream of a message (Baileys' `downloadMediaMessage` in production). */
export type MediaStreamOpener = (
  message: WAMessage,
) => Promise<AsyncIterable<Uint8Array> & { destroy?(): void }>;

/** Baileys' downloader, re-requesting expired media through the socket when it can. */
export function baileysMediaOpener(
  logger: Logger,
  reuploadRequest?: (message: WAMessage) => Promise<WAMessage>,
): MediaStreamOpener {
  return (message) =>
    downloadMediaMessage(message, 'stream', {}, reuploadRequest ? { reuploadRequest, logger } : undefined);
}

/**
 * The lazy attachment the bot sees: nothing is fetched until a command calls `download`, which
 * refuses an announced size over the cap before opening anything and stops reading (destroying
 * the stream) as soon as the bytes pass it.
 */
export function incomingDocument(
  raw: WAMessage,
  info: DocumentInfo,
  open: MediaStreamOpener,
): IncomingDocument {
  const document: IncomingDocument = {
    fileName: info.fileName,
    mimetype: info.mimetype,
    async download(maxBytes) {
      if (info.size !== undefined && info.size > maxBytes) throw new DocumentTooLargeError(maxBytes);
      const stream = await open(raw);
      const chunks: Uint8Array[] = [];
      let total = 0;
      for await (const chunk of stream) {
        total += chunk.byteLength;
        if (total > maxBytes) {
          stream.destroy?.();
          throw new DocumentTooLargeError(maxBytes);
        }
        chunks.push(chunk);
      }
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
  if (info.size !== undefined) document.size = info.size;
  return document;
}
