import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setComposing } from '../../../../src/transports/whatsapp/outbound/extras.js';
import type { SocketLike } from '../../../../src/transports/whatsapp/connection/socket.js';
import { waitFor, waText } from '../../../helpers/fake-socket.js';
import { startWhatsAppApp, WA_GROUP, type WhatsAppApp } from '../../../helpers/whatsapp-app.js';

/**
 * "escribiendo…" while a document is prepared, on the production transport and a fake socket.
 * The socket connects offline (markOnlineOnConnect: false), so the chat state is wrapped in
 * 'available' … 'unavailable' or WhatsApp would not show it.
 */
const GROUP = WA_GROUP;
const ADMIN_PN = '51987654321@s.whatsapp.net';

let wa: WhatsAppApp;
let fake: WhatsAppApp['fake'];

beforeEach(async () => {
  wa = await startWhatsAppApp({
    TAX_PORTAL_RUC: '20123456786',
    TAX_PORTAL_USER: 'CHASQUI1',
    TAX_PORTAL_PASSWORD: 'sandbox-clave',
  });
  fake = wa.fake;
});

afterEach(async () => {
  await wa.close();
});

const documents = () => fake.server.sent.filter((s) => s.jid === GROUP && 'document' in s.content);
const presences = () => fake.server.presences.map((p) => `${p.type}${p.jid ? ` ${p.jid}` : ''}`);

describe('composing presence while a document is prepared', () => {
  it.each([
    ['guia 20123456786-09-T001-42', 'the guide PDF'],
    ['xml 20123456786-01-F001-123', 'the invoice XML'],
    ['pdf 20123456786-01-F001-123', 'the invoice PDF'],
  ])('%s: online, composing, paused, offline again, around %s', async (command) => {
    fake.latest().upsert([waText(command, { participant: ADMIN_PN })]);
    await waitFor(() => documents().length >= 1, 10_000, 'the document');
    await waitFor(() => presences().length === 4, 2000, 'the presence updates');
    expect(presences()).toEqual(['available', `composing ${GROUP}`, `paused ${GROUP}`, 'unavailable']);
  });
});

describe('overlapping documents in two chats', () => {
  it('go online once and offline only after the last one', async () => {
    const sent: string[] = [];
    const sock = {
      sendPresenceUpdate: async (type: string, jid?: string) => void sent.push(jid ? `${type} ${jid}` : type),
    } as unknown as SocketLike;
    const log = pino({ level: 'silent' });
    await setComposing(sock, 'a@g.us', true, log);
    await setComposing(sock, 'b@g.us', true, log);
    await setComposing(sock, 'a@g.us', false, log);
    await setComposing(sock, 'b@g.us', false, log);
    expect(sent).toEqual([
      'available',
      'composing a@g.us',
      'composing b@g.us',
      'paused a@g.us',
      'paused b@g.us',
      'unavailable',
    ]);
  });
});
