import type { WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor, waText } from '../../../helpers/fake-socket.js';
import { startWhatsAppApp, WA_GROUP, type WhatsAppApp } from '../../../helpers/whatsapp-app.js';

/**
 * A document captioned `lote` that WhatsApp cannot hand over (no media key, no URL: Baileys'
 * download throws before any network) through the production transport on a fake socket
 * (issue 19): a Spanish reply that says what to do, never "Algo salió mal".
 */
let wa: WhatsAppApp;

beforeEach(async () => {
  wa = await startWhatsAppApp();
});

afterEach(async () => {
  await wa.close();
});

function documentWithoutKeys(): WAMessage {
  const base = waText('lote', { participant: '51987654321@s.whatsapp.net' });
  return {
    ...base,
    message: {
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
    },
  };
}

describe('lote with a document WhatsApp cannot hand over', () => {
  it('answers in Spanish how to go on', async () => {
    wa.fake.latest().upsert([documentWithoutKeys()]);
    const replies = () => wa.fake.server.sent.filter((sent) => sent.jid === WA_GROUP);
    await waitFor(() => replies().length === 1, 10_000, 'the reply');
    const content = replies()[0]?.content;
    expect(content && 'text' in content ? content.text : '').toBe(
      'No pude descargar el archivo desde WhatsApp. Reenvíalo con la leyenda *lote*; si sigue fallando, pega los números como texto.',
    );
  });
});
