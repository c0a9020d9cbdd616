import {
  type BaileysEventMap,
  type BinaryNode,
  proto,
  type WAMessage,
  WAMessageStatus,
} from '@whiskeysockets/baileys';
import type { DeliveryUpdate } from '../../transport.js';

/**
 * Pure mapping of Baileys v7 (7.0.0-rc14) delivery events to Chasqui's `DeliveryUpdate`s, and of
 * edits reported as updates to upsert-shaped messages. What the installed lib/ does, which decides
 * the mapping below:
 * - 1:1 receipts arrive as `messages.update` `{ key, update: { status } }` with
 *   `WAMessageStatus` DELIVERY_ACK (3, receipt without type), READ (4), PLAYED (5); a `sender`
 *   receipt (our own phone got its copy) gives SERVER_ACK (2). `key.remoteJid` may be the
 *   recipient's LID even when we sent to the phone number, so we match on `key.id` only.
 * - Group receipts arrive as `message-receipt.update` `{ key, receipt: { userJid,
 *   receiptTimestamp | readTimestamp } }` (seconds), one per participant.
 * - An error ack (`<ack class="message" error="463">`) becomes `messages.update` with
 *   `status: ERROR` (0 — falsy, so compare with `=== undefined`) and the code in
 *   `messageStubParameters[0]`; a reach-out time lock adds 'Your account has been restricted'.
 *   Baileys itself never resends: a retry would count as another "reach out" (#2441).
 * - The server's plain ack of our message is dropped by Baileys (`handleBadAck` only looks at
 *   errors), so the transport listens to `CB:ack,class:message` on the socket's `ws` itself.
 */

const STATUS_TO_STATE: Partial<Record<number, DeliveryUpdate['state']>> = {
  [WAMessageStatus.SERVER_ACK]: 'server_ack',
  [WAMessageStatus.DELIVERY_ACK]: 'delivered',
  [WAMessageStatus.READ]: 'read',
  [WAMessageStatus.PLAYED]: 'played',
  [WAMessageStatus.ERROR]: 'failed',
};

function seconds(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : Number(value?.toString());
  return Number.isFinite(n) && n > 0 ? n * 1000 : undefined;
}

/** Status steps of OUR messages (`key.fromMe`) in a `messages.update` batch. */
export function deliveryFromUpdates(
  items: BaileysEventMap['messages.update'],
  nowMs: number,
): DeliveryUpdate[] {
  const out: DeliveryUpdate[] = [];
  for (const { key, update } of items) {
    if (!key.fromMe || !key.id || update.status === undefined || update.status === null) continue;
    const state = STATUS_TO_STATE[update.status];
    if (!state) continue;
    const step: DeliveryUpdate = { messageId: key.id, chatId: key.remoteJid ?? '', state, at: nowMs };
    if (state === 'failed') step.code = String(update.messageStubParameters?.[0] ?? 'error');
    out.push(step);
  }
  return out;
}

/** Per-participant group receipts (`message-receipt.update`). */
export function deliveryFromReceipts(
  items: BaileysEventMap['message-receipt.update'],
  nowMs: number,
): DeliveryUpdate[] {
  const out: DeliveryUpdate[] = [];
  for (const { key, receipt } of items) {
    if (!key.id || key.fromMe === false) continue;
    const base = { messageId: key.id, chatId: key.remoteJid ?? '', recipient: receipt.userJid ?? undefined };
    const played = seconds(receipt.playedTimestamp);
    const read = seconds(receipt.readTimestamp);
    const delivered = seconds(receipt.receiptTimestamp);
    if (played !== undefined) out.push({ ...base, state: 'played', at: played });
    else if (read !== undefined) out.push({ ...base, state: 'read', at: read });
    else if (delivered !== undefined) out.push({ ...base, state: 'delivered', at: delivered });
    else out.push({ ...base, state: 'delivered', at: nowMs });
  }
  return out;
}

/** The server's plain ack of a message we sent (errors come through `messages.update`). */
export function deliveryFromAck(node: BinaryNode, nowMs: number): DeliveryUpdate | undefined {
  const { id, from, error, t } = node.attrs;
  if (node.tag !== 'ack' || !id || error) return undefined;
  return { messageId: id, chatId: from ?? '', state: 'server_ack', at: seconds(t) ?? nowMs };
}

/**
 * Edits Baileys reports as `messages.update` (`update.message.editedMessage.message`, key.id = the
 * edited message) rebuilt as the upsert Baileys also emits for them (a MESSAGE_EDIT
 * protocolMessage), so both paths run through the same parsing and dedupe.
 */
export function editsFromUpdates(items: BaileysEventMap['messages.update']): WAMessage[] {
  const out: WAMessage[] = [];
  for (const { key, update } of items) {
    const edited = update.message?.editedMessage?.message;
    if (!edited || !key.id || key.fromMe) continue;
    out.push({
      key: { ...key },
      message: {
        protocolMessage: {
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          key: {
            id: key.id,
            remoteJid: key.remoteJid ?? null,
            fromMe: false,
            participant: key.participant ?? null,
          },
          editedMessage: edited,
        },
      },
      messageTimestamp: update.messageTimestamp ?? null,
    });
  }
  return out;
}
