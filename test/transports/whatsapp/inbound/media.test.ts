import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import {
  documentInfo,
  incomingDocument,
  type MediaStreamOpener,
} from '../../../../src/transports/whatsapp/inbound/media.js';
import { messageText } from '../../../../src/transports/whatsapp/inbound/message.js';
import { DocumentTooLargeError } from '../../../../src/transports/transport.js';

/** Incoming WhatsApp documents: described without downloading, fetched lazily and size-capped. */
const content = proto.Message.fromObject({
  documentWithCaptionMessage: {
    message: {
      documentMessage: {
        fileName: 'proveedores.xlsx',
        mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileLength: 2048,
        caption: 'lote',
      },
    },
  },
});
const raw = { key: { id: 'ABC', remoteJid: '120363000000000001@g.us' }, message: content } as WAMessage;

/** A fake media stream opener that records whether it was opened and destroyed. */
function opener(chunks: Uint8Array[]) {
  const state = { opened: 0, destroyed: false };
  const open: MediaStreamOpener = async () => {
    state.opened += 1;
    return {
      async *[Symbol.asyncIterator]() {
        for (const chunk of chunks) yield chunk;
      },
      destroy() {
        state.destroyed = true;
      },
    };
  };
  return { open, state };
}

describe('WhatsApp documents', () => {
  it('reads the caption as text and the document as an announcement', () => {
    expect(messageText(content)).toBe('lote');
    expect(documentInfo(content)).toEqual({
      fileName: 'proveedores.xlsx',
      mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 2048,
    });
    expect(documentInfo(proto.Message.fromObject({ conversation: 'hola' }))).toBeUndefined();
  });

  it('downloads nothing until asked, then returns the bytes', async () => {
    const { open, state } = opener([new Uint8Array([1, 2]), new Uint8Array([3])]);
    const document = incomingDocument(raw, { fileName: 'a.csv', mimetype: 'text/csv' }, open);
    expect(state.opened).toBe(0);
    expect([...(await document.download(10))]).toEqual([1, 2, 3]);
    expect(state.opened).toBe(1);
  });

  it('refuses an announced size over the cap without opening the stream', async () => {
    const { open, state } = opener([new Uint8Array(10)]);
    const document = incomingDocument(raw, { fileName: 'a.csv', mimetype: 'text/csv', size: 5000 }, open);
    await expect(document.download(4096)).rejects.toBeInstanceOf(DocumentTooLargeError);
    expect(state.opened).toBe(0);
  });

  it('stops reading and destroys the stream once the bytes pass the cap', async () => {
    const { open, state } = opener([new Uint8Array(3000), new Uint8Array(3000), new Uint8Array(3000)]);
    const document = incomingDocument(raw, { fileName: 'a.csv', mimetype: 'text/csv', size: 10 }, open);
    await expect(document.download(4096)).rejects.toBeInstanceOf(DocumentTooLargeError);
    expect(state.destroyed).toBe(true);
  });
});
