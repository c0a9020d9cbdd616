import { createDecipheriv, hkdfSync } from 'node:crypto';
import { normalizeMessageContent, proto, type WAMessage } from '@whiskeysockets/baileys';
import type { EditStore } from '../../../store/edits.js';
import { normalizeId } from '../../ids.js';

/**
 * Secret-encrypted edits. Newer clients send an edit as `secretEncryptedMessage { targetMessageKey,
 * encPayload, encIv, secretEncType: MESSAGE_EDIT }`, encrypted with the ORIGINAL message's
 * `messageContextInfo.messageSecret`. Baileys 7.0.0-rc14 has the protobuf but no decryptor (its
 * upsert carries the envelope as is), so we keep each received message's secret (`EditStore`) and
 * decrypt here, the scheme whatsmeow uses (msgsecret.go, `EncSecretMessageEdit`):
 *   key = HKDF-SHA256(ikm = secret, salt = none, info = origId ‖ origSender ‖ editor ‖ "Message Edit", 32)
 *   plaintext = AES-256-GCM(key, encIv, encPayload, no AAD) = the new message content (protobuf)
 * Sender JIDs are in non-device form; which addressing (LID or PN) the sender's client used is not
 * stated, so every pair is tried: the GCM tag only authenticates the right one.
 * Cannot be done: an edit of a message received before this table existed, or older than its
 * retention, or one whose original never reached us (its secret travelled only in the original).
 */

const USE_CASE = 'Message Edit';

/** The info string the key is derived with; exported for tests that build encrypted edits. */
export function editKeyInfo(originalId: string, originalSender: string, editor: string): Buffer {
  return Buffer.concat([
    Buffer.from(originalId),
    Buffer.from(originalSender),
    Buffer.from(editor),
    Buffer.from(USE_CASE),
  ]);
}

function tryDecrypt(
  secret: Uint8Array,
  info: Buffer,
  iv: Uint8Array,
  payload: Uint8Array,
): Buffer | undefined {
  if (payload.length <= 16) return undefined;
  try {
    const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(payload.subarray(payload.length - 16));
    return Buffer.concat([decipher.update(payload.subarray(0, payload.length - 16)), decipher.final()]);
  } catch {
    return undefined;
  }
}

function senderIdsOf(msg: WAMessage): string[] {
  const key = msg.key;
  const ids = key.participant ? [key.participant, key.participantAlt] : [key.remoteJid, key.remoteJidAlt];
  return [...new Set(ids.filter((id): id is string => Boolean(id)).map(normalizeId))];
}

/** Keeps the secret of a received message so its later encrypted edits can be read. */
export function rememberSecret(msg: WAMessage, store: EditStore): void {
  const secret = msg.message?.messageContextInfo?.messageSecret;
  const { remoteJid, id } = msg.key;
  if (!secret || secret.length === 0 || !remoteJid || !id || msg.key.fromMe) return;
  store.rememberSecret(remoteJid, id, secret, senderIdsOf(msg));
}

export type SecretEditResult =
  | { kind: 'not-secret' }
  | { kind: 'decrypted'; message: WAMessage }
  | { kind: 'unreadable'; reason: 'no-secret' | 'auth-failed' | 'not-an-edit' };

/**
 * Rewrites a secret-encrypted edit into the plain shape (`protocolMessage` MESSAGE_EDIT with
 * `editedMessage`), so it runs through the same parsing as every other edit.
 */
export function unwrapSecretEdit(msg: WAMessage, store: EditStore): SecretEditResult {
  const enc = normalizeMessageContent(msg.message)?.secretEncryptedMessage;
  if (!enc) return { kind: 'not-secret' };
  const target = enc.targetMessageKey;
  if (enc.secretEncType !== proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT || !target?.id) {
    return { kind: 'unreadable', reason: 'not-an-edit' };
  }
  const chatId = target.remoteJid ?? msg.key.remoteJid ?? '';
  const original = store.secretOf(chatId, target.id) ?? store.secretOf(msg.key.remoteJid ?? '', target.id);
  if (!original || !enc.encIv || !enc.encPayload) return { kind: 'unreadable', reason: 'no-secret' };
  const editors = senderIdsOf(msg);
  for (const originalSender of original.senderIds) {
    for (const editor of editors) {
      const info = editKeyInfo(target.id, originalSender, editor);
      const plain = tryDecrypt(original.secret, info, enc.encIv, enc.encPayload);
      if (!plain) continue;
      const content = proto.Message.decode(plain);
      const edit = content.protocolMessage?.editedMessage
        ? content.protocolMessage
        : { type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, key: target, editedMessage: content };
      return { kind: 'decrypted', message: { ...msg, message: { protocolMessage: edit } } };
    }
  }
  return { kind: 'unreadable', reason: 'auth-failed' };
}
