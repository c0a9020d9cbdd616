import { type GroupMetadata, proto, type WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import {
  deserializeIncoming,
  findParticipant,
  messageText,
  orderSenderIds,
  parseWAMessage,
  senderIdsFromGroup,
  serializeIncoming,
  toIncomingMessage,
} from '../../../../src/transports/whatsapp/inbound/message.js';
import { deserializeQuoted, serializeQuoted } from '../../../../src/transports/whatsapp/outbound/outgoing.js';
import { waText } from '../../../helpers/fake-socket.js';

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const opts = { nowMs: NOW, maxAgeSeconds: 600 };
const nowSec = NOW / 1000;
const LID = '123456789012345@lid';
const PN = '51987654321@s.whatsapp.net';

function parse(msg: WAMessage) {
  return parseWAMessage(msg, opts);
}

describe('WAMessage → IncomingMessage mapping', () => {
  it('maps a v7 group message with a LID participant and the PN in participantAlt', () => {
    const result = parse(
      waText('ruc 20123456786', { participant: LID, participantAlt: PN, timestamp: nowSec, id: 'A1' }),
    );
    expect(result).toEqual({
      ok: true,
      message: {
        id: 'A1',
        dedupId: 'A1',
        chatId: '120363000000000001@g.us',
        isGroup: true,
        senderIds: [PN, LID],
        dedupChat: '120363000000000001@g.us',
        dedupParticipant: LID,
        text: 'ruc 20123456786',
        mentionedIds: [],
        timestamp: NOW,
        pushName: 'Rosa',
      },
    });
  });

  it('uses the same dedupe participant whichever way round LID and PN come', () => {
    const a = parse(waText('x', { participant: LID, participantAlt: PN, timestamp: nowSec, id: 'B' }));
    const b = parse(waText('x', { participant: PN, participantAlt: LID, timestamp: nowSec, id: 'B' }));
    expect(a.ok && b.ok && a.message.dedupParticipant === b.message.dedupParticipant).toBe(true);
  });

  it.each([
    ['fromMe', waText('hola', { fromMe: true, timestamp: nowSec }), 'from-me'],
    [
      'a decryption stub without message',
      { ...waText('x', { timestamp: nowSec }), message: null, messageStubType: 2 },
      'stub',
    ],
    [
      'status broadcast',
      waText('estado', { chat: 'status@broadcast', timestamp: nowSec }),
      'status-broadcast',
    ],
    ['another broadcast list', waText('lista', { chat: '12345@broadcast', timestamp: nowSec }), 'broadcast'],
    ['a newsletter', waText('canal', { chat: '120363111@newsletter', timestamp: nowSec }), 'newsletter'],
    ['an old message', waText('ruc 1', { timestamp: nowSec - 601 }), 'too-old'],
    [
      'a message without text',
      { ...waText('x', { timestamp: nowSec }), message: { stickerMessage: {} } },
      'no-text',
    ],
  ] as [string, WAMessage, string][])('skips %s', (_name, msg, reason) => {
    expect(parse(msg)).toEqual({ ok: false, reason });
  });

  it('lets a sticker, voice note or photo without caption through in a direct chat (a driver writing first), with no text', () => {
    const direct = { chat: PN, timestamp: nowSec };
    for (const content of [
      { stickerMessage: {} },
      { audioMessage: { ptt: true } },
      { imageMessage: {} },
      { ephemeralMessage: { message: { stickerMessage: {} } } },
    ]) {
      const result = parse({ ...waText('x', direct), message: content });
      expect(result.ok && result.message.text).toBe('');
      expect(result.ok && result.message.senderIds).toEqual([PN]);
    }
    // never in a group, and never a protocol message (a deletion, a key distribution)
    expect(parse({ ...waText('x', { timestamp: nowSec }), message: { audioMessage: {} } })).toEqual({
      ok: false,
      reason: 'no-text',
    });
    for (const content of [
      { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE } },
      { senderKeyDistributionMessage: { groupId: 'x' } },
    ]) {
      expect(parse({ ...waText('x', direct), message: content })).toEqual({ ok: false, reason: 'no-text' });
    }
  });

  it('takes text from captions and unwraps ephemeral / view-once / edited wrappers', () => {
    expect(messageText({ imageMessage: { caption: 'guia T001-42' } })).toBe('guia T001-42');
    expect(messageText({ videoMessage: { caption: 'v' } })).toBe('v');
    expect(messageText({ documentMessage: { caption: 'd' } })).toBe('d');
    expect(messageText({ ephemeralMessage: { message: { extendedTextMessage: { text: 'tc' } } } })).toBe(
      'tc',
    );
    expect(messageText({ viewOnceMessageV2: { message: { imageMessage: { caption: 'vo' } } } })).toBe('vo');
    expect(
      messageText({ documentWithCaptionMessage: { message: { documentMessage: { caption: 'dc' } } } }),
    ).toBe('dc');
  });

  it('reads mentions from contextInfo', () => {
    const result = parse(
      waText('@bot ruc', { mentions: ['99900000001@lid'], participant: LID, timestamp: nowSec }),
    );
    expect(result.ok && result.message.mentionedIds).toEqual(['99900000001@lid']);
  });

  it('maps direct chats: the sender is the chat (LID chat with its PN alt)', () => {
    const msg = waText('ayuda', { chat: LID, timestamp: nowSec });
    msg.key.remoteJidAlt = PN;
    const result = parse(msg);
    expect(result.ok && result.message).toMatchObject({
      isGroup: false,
      senderIds: [PN, LID],
      dedupChat: LID,
    });
  });

  it('orders sender ids phone-number first and drops device suffixes', () => {
    expect(orderSenderIds([LID, '51987654321:12@s.whatsapp.net', PN, undefined])).toEqual([PN, LID]);
  });

  it('fills chat name and group-admin role from metadata, matching either id form', () => {
    const group: GroupMetadata = {
      id: '120363000000000001@g.us',
      subject: 'Despacho Lima',
      owner: undefined,
      participants: [
        { id: LID, phoneNumber: PN, admin: 'admin' },
        { id: '51911222333@s.whatsapp.net', lid: '777@lid', admin: null },
      ],
    };
    const fromLid = parse(waText('x', { participant: LID, timestamp: nowSec }));
    if (!fromLid.ok) throw new Error('expected ok');
    const ids = senderIdsFromGroup(group, fromLid.message.senderIds);
    expect(ids).toEqual([PN, LID]);
    expect(toIncomingMessage(fromLid.message, ids, group)).toMatchObject({
      chatName: 'Despacho Lima',
      senderIsGroupAdmin: true,
      senderIds: [PN, LID],
      senderName: 'Rosa',
    });
    expect(findParticipant(group, ['777@lid'])?.admin).toBeNull();
    expect(toIncomingMessage(fromLid.message, ['777@lid'], group).senderIsGroupAdmin).toBe(false);
  });

  it('stores a received proto message for re-handling and reads it back unchanged (v7 key fields, bytes, Long timestamp)', () => {
    const info = proto.WebMessageInfo.fromObject({
      key: { remoteJid: '120363000000000001@g.us', fromMe: false, id: 'R1', participant: LID },
      message: {
        imageMessage: {
          caption: 'placa ABC123',
          jpegThumbnail: Buffer.from([1, 2, 3, 250]),
          contextInfo: { mentionedJid: [PN] },
        },
      },
      messageTimestamp: nowSec,
      pushName: 'Rosa',
    });
    const msg: WAMessage = Object.assign(info, {
      key: Object.assign(info.key ?? {}, { participantAlt: PN, addressingMode: 'lid' }),
    });
    const back = deserializeIncoming(serializeIncoming(msg));
    expect(back?.key).toMatchObject({
      id: 'R1',
      participant: LID,
      participantAlt: PN,
      addressingMode: 'lid',
    });
    expect(Buffer.from(back?.message?.imageMessage?.jpegThumbnail ?? [])).toEqual(
      Buffer.from([1, 2, 3, 250]),
    );
    expect(back && parse(back)).toEqual(parse(msg));
    expect(deserializeQuoted(serializeQuoted(back as WAMessage))).toEqual(
      deserializeQuoted(serializeQuoted(msg)),
    );
  });

  it('reads back a plain WAMessage literal, and rejects unreadable text', () => {
    const msg = waText('tc', { participant: LID, participantAlt: PN, timestamp: nowSec, id: 'R2' });
    expect(parse(deserializeIncoming(serializeIncoming(msg)) as WAMessage)).toEqual(parse(msg));
    expect(deserializeIncoming('{"message":')).toBeUndefined();
    expect(deserializeIncoming('null')).toBeUndefined();
  });
});
