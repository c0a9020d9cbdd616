import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editKeyInfo } from '../../../../src/transports/whatsapp/inbound/edit-secret.js';
import { waitFor, waText } from '../../../helpers/fake-socket.js';
import { startWhatsAppApp, WA_GROUP, type WhatsAppApp } from '../../../helpers/whatsapp-app.js';

/** Edited commands as real clients send them, through the production transport and app. */
const GROUP = WA_GROUP;
const ADMIN_LID = '123456789012345@lid';
const ADMIN_PN = '51987654321@s.whatsapp.net';
const EDIT = proto.Message.ProtocolMessage.Type.MESSAGE_EDIT;

let wa: WhatsAppApp;
let fake: WhatsAppApp['fake'];

beforeEach(async () => {
  wa = await startWhatsAppApp();
  fake = wa.fake;
});

afterEach(async () => {
  await wa.close();
});

const replies = () => fake.server.sent.map((s) => ('text' in s.content ? s.content.text : ''));
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const sender = { participant: ADMIN_LID, participantAlt: ADMIN_PN };

/** The edit as an upsert: a MESSAGE_EDIT protocolMessage, plain or in the `editedMessage` wrapper. */
function editUpsert(originalId: string, text: string, wrapped: boolean): WAMessage {
  const protocolMessage = {
    type: EDIT,
    key: { remoteJid: GROUP, fromMe: false, id: originalId, participant: ADMIN_LID },
    editedMessage: { conversation: text },
    timestampMs: Date.now(),
  };
  const base = waText('x', { ...sender, id: `3EB0EDIT${randomBytes(4).toString('hex')}` });
  return {
    ...base,
    message: wrapped ? { editedMessage: { message: { protocolMessage } } } : { protocolMessage },
  };
}

/** The same edit as Baileys' `messages.update` (key.id = the edited message). */
function editUpdate(originalId: string, text: string): void {
  fake.latest().ev.emit('messages.update', [
    {
      key: {
        remoteJid: GROUP,
        fromMe: false,
        id: originalId,
        participant: ADMIN_LID,
        participantAlt: ADMIN_PN,
      },
      update: {
        message: { editedMessage: { message: { conversation: text } } },
        messageTimestamp: Math.floor(Date.now() / 1000),
      },
    },
  ]);
}

async function original(id: string, text: string, extra: Partial<WAMessage> = {}): Promise<void> {
  fake.latest().upsert([{ ...waText(text, { ...sender, id }), ...extra }]);
  await waitFor(() => fake.server.sent.length >= 1, 5000, 'answer to the original');
}

describe('edited commands', () => {
  it('answers a fixed typo once, although WhatsApp reports the edit twice (upsert and update)', async () => {
    await original('3EB0ORIG1', 'ruc 2012345678');
    expect(replies()[0]).toContain('11 dígitos');
    fake.latest().upsert([editUpsert('3EB0ORIG1', 'ruc 20123456786', false)]);
    editUpdate('3EB0ORIG1', 'ruc 20123456786');
    await waitFor(() => fake.server.sent.length >= 2, 5000, 'answer to the edit');
    await settle();
    expect(replies()).toHaveLength(2);
    expect(replies()[1]).toContain('TRANSPORTES ANDINOS DEL SUR');
    expect(fake.server.sent[1]?.options?.quoted?.key.id).toBe('3EB0ORIG1');
  });

  it('re-answers a wrapped edit only when the command or argument changed', async () => {
    await original('3EB0ORIG2', 'ruc 20123456786');
    fake.latest().upsert([editUpsert('3EB0ORIG2', 'RUC  20123456786', true)]); // same parse
    await settle();
    expect(replies()).toHaveLength(1);
    fake.latest().upsert([editUpsert('3EB0ORIG2', 'ruc 20601234565', true)]);
    await waitFor(() => fake.server.sent.length >= 2, 5000, 'answer to the changed edit');
    await settle();
    expect(replies()).toHaveLength(2);
    expect(replies()[1]).not.toBe(replies()[0]);
  });

  it('decrypts a secret-encrypted edit with the secret kept from the original', async () => {
    const secret = randomBytes(32);
    await original('3EB0ORIG3', 'ruc 2012345678', {
      message: { conversation: 'ruc 2012345678', messageContextInfo: { messageSecret: secret } },
    });
    // Encrypted the way whatsmeow's msgsecret.go does (here with the sender's LID on both sides).
    const plain = proto.Message.encode({ conversation: 'ruc 20123456786' }).finish();
    const key = Buffer.from(
      hkdfSync('sha256', secret, Buffer.alloc(0), editKeyInfo('3EB0ORIG3', ADMIN_LID, ADMIN_LID), 32),
    );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const encPayload = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const envelope = waText('x', { ...sender, id: '3EB0SECRETEDIT' });
    envelope.message = {
      secretEncryptedMessage: {
        targetMessageKey: { remoteJid: GROUP, fromMe: false, id: '3EB0ORIG3', participant: ADMIN_LID },
        encPayload,
        encIv: iv,
        secretEncType: proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT,
      },
    };
    fake.latest().upsert([envelope]);
    await waitFor(() => fake.server.sent.length >= 2, 5000, 'answer to the decrypted edit');
    expect(replies()[1]).toContain('TRANSPORTES ANDINOS DEL SUR');
  });
});
