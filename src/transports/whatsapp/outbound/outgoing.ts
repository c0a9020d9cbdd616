import { type AnyMessageContent, proto, type WAMessage } from '@whiskeysockets/baileys';
import type { OutgoingMessage } from '../../transport.js';

/**
 * Outgoing side of the Baileys mapping: Chasqui's OutgoingMessage → Baileys content, and the
 * (de)serialisation of what the outbox keeps for Baileys (quoted message, sent message).
 */

/** Text with mentions, or a document with mimetype and file name (both required in practice). */
export function toMessageContent(message: OutgoingMessage): AnyMessageContent {
  if (message.kind === 'text') {
    return message.mentions?.length
      ? { text: message.text, mentions: message.mentions }
      : { text: message.text };
  }
  const content: AnyMessageContent = {
    document: Buffer.from(message.bytes),
    mimetype: message.mimetype,
    fileName: message.fileName,
  };
  if (message.caption) content.caption = message.caption;
  return content;
}

const TO_OBJECT: Parameters<typeof proto.Message.toObject>[1] = {
  bytes: String,
  longs: String,
  enums: String,
};

function messageToPlain(message: proto.IMessage): Record<string, unknown> {
  return proto.Message.toObject(proto.Message.fromObject(message), TO_OBJECT);
}

/** What a quote needs (key + content), JSON-safe, stored with the outbox row. */
export function serializeQuoted(msg: WAMessage): string | undefined {
  if (!msg.key || !msg.message) return undefined;
  const { remoteJid, fromMe, id, participant } = msg.key;
  return JSON.stringify({
    key: { remoteJid, fromMe, id, participant },
    message: messageToPlain(msg.message),
  });
}

export function deserializeQuoted(text: string | undefined): WAMessage | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { key?: WAMessage['key']; message?: Record<string, unknown> };
    if (!parsed.key || !parsed.message) return undefined;
    return { key: parsed.key, message: proto.Message.fromObject(parsed.message) };
  } catch {
    return undefined;
  }
}

/** The sent message's content, kept to answer recipients' retry requests (`getMessage`). */
export function serializeSent(sent: WAMessage | undefined): string | undefined {
  return sent?.message ? JSON.stringify(messageToPlain(sent.message)) : undefined;
}

/**
 * The stored message, or undefined: also for a copy with no content, since an empty message given
 * to a retry request is resent as such and burns the recipient's only repair (Evolution API #2705).
 */
export function deserializeSent(text: string | undefined): proto.IMessage | undefined {
  if (!text) return undefined;
  try {
    const message = proto.Message.fromObject(JSON.parse(text) as Record<string, unknown>);
    return Object.values(message).some((value) => value !== null && value !== undefined)
      ? message
      : undefined;
  } catch {
    return undefined;
  }
}
