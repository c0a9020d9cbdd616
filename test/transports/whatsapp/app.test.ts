import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeWhatsApp, waitFor, waText } from '../../helpers/fake-socket.js';
import { startWhatsAppApp, type WhatsAppApp } from '../../helpers/whatsapp-app.js';

const ADMIN_LID = '123456789012345@lid';
const ADMIN_PN = '51987654321@s.whatsapp.net';

let wa: WhatsAppApp;
let fake: WhatsAppApp['fake'];

beforeEach(async () => {
  const server = new FakeWhatsApp();
  server.lidToPn.set(ADMIN_LID, ADMIN_PN);
  wa = await startWhatsAppApp({}, { server });
  fake = wa.fake;
});

afterEach(() => wa.close());

const replyText = (i: number) => {
  const content = fake.server.sent[i]?.content;
  return content && 'text' in content ? content.text : '';
};

describe('WhatsApp transport inside the real app', () => {
  it('treats a LID-only and a PN-only sender as the same configured admin', async () => {
    fake.latest().upsert([waText('uso', { participant: ADMIN_LID })]);
    await waitFor(() => fake.server.sent.length === 1, 5000, 'reply to LID sender');
    fake.latest().upsert([waText('uso', { participant: ADMIN_PN })]);
    await waitFor(() => fake.server.sent.length === 2, 5000, 'reply to PN sender');
    fake.latest().upsert([waText('uso', { participant: '5550001@lid' })]); // unknown LID, no mapping
    await waitFor(() => fake.server.sent.length === 3, 5000, 'reply to stranger');
    expect(replyText(0)).not.toContain('solo para administradores');
    expect(replyText(1)).toBe(replyText(0));
    expect(replyText(2)).toContain('solo para administradores');
  });

  it('answers a command once, quoting it, even when WhatsApp delivers it again', async () => {
    const command = waText('ruc 20123456786', {
      participant: ADMIN_LID,
      participantAlt: ADMIN_PN,
      id: '3EB0APP1',
    });
    fake.latest().upsert([command]);
    fake.latest().upsert([structuredClone(command)], 'append');
    await waitFor(() => fake.server.sent.length >= 1, 5000, 'reply');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.server.sent).toHaveLength(1);
    expect(replyText(0)).toContain('TRANSPORTES ANDINOS DEL SUR');
    expect(fake.server.sent[0]?.options?.quoted?.key.id).toBe('3EB0APP1');
  });
});
