import type { WAMessage } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import { deliveryFromAck, deliveryFromReceipts, deliveryFromUpdates, editsFromUpdates } from './delivery.js';
import { directChat, idDigits, normalizeId } from '../../ids.js';
import { type SocketLike, withTimeout } from '../connection/socket.js';
import type { DeliveryUpdate, NumberCheck } from '../../transport.js';

/*
 * What the WhatsApp transport offers beyond receive/send (issue 12): delivery updates, number
 * checks and the typing indicator. Kept apart so `transport.ts` stays the connection loop.
 */

/**
 * The transport's delivery listeners, and the wiring of one socket's delivery events to them:
 * `messages.update` (1:1 receipts, error acks, edits), `message-receipt.update` (groups) and the
 * raw `CB:ack,class:message` stanzas that carry the server acks Baileys drops.
 */
export class DeliveryFeed {
  private readonly listeners = new Set<(update: DeliveryUpdate) => void>();

  constructor(
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  on(listener: (update: DeliveryUpdate) => void): void {
    this.listeners.add(listener);
  }

  /** Hands a delivery step to every listener; a failing listener is logged, never thrown. */
  report(update: DeliveryUpdate): void {
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (error) {
        this.log.error({ err: error, id: update.messageId }, 'delivery listener failed');
      }
    }
  }

  /** Wires one socket; edits reported as `messages.update` go to `onEdits` (the receiver). */
  attach(sock: SocketLike, onEdits: (edits: WAMessage[]) => void): void {
    sock.ev.on('messages.update', (items) => {
      for (const update of deliveryFromUpdates(items, this.now())) this.report(update);
      const edits = editsFromUpdates(items);
      if (edits.length > 0) onEdits(edits);
    });
    sock.ev.on('message-receipt.update', (items) => {
      for (const update of deliveryFromReceipts(items, this.now())) this.report(update);
    });
    sock.ws?.on('CB:ack,class:message', (node) => {
      const update = deliveryFromAck(node, this.now());
      if (update) this.report(update);
    });
  }
}

/**
 * `onWhatsApp` on the open socket (`undefined` when not open); then the LID from Baileys' mapping
 * (rc14's onWhatsApp returns no LID; `getLIDForPN` asks the server by USync when the pair is not
 * cached). 'unknown' when offline or when WhatsApp does not answer in time: never a guess.
 */
export async function checkNumber(
  sock: SocketLike | undefined,
  phone: string,
  timeoutMs: number,
): Promise<NumberCheck> {
  const digits = phone.replace(/\D/g, '');
  if (!sock || !digits) return { status: 'unknown' };
  const found = await withTimeout(sock.onWhatsApp(directChat(digits)), timeoutMs);
  if (found === undefined) return { status: 'unknown' };
  const hit = found.find((entry) => entry.exists);
  if (!hit) return { status: 'missing' };
  const id = normalizeId(hit.jid);
  const lid = await lidForPhone(sock, id, timeoutMs);
  return lid ? { status: 'exists', id, lid } : { status: 'exists', id };
}

/**
 * The LID Baileys pairs with a phone number: from its mapping store, or asked by USync when not
 * cached (rc14's `getLIDForPN`). undefined when offline, unknown or not answered in time.
 */
export async function lidForPhone(
  sock: SocketLike | undefined,
  phone: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const digits = idDigits(phone);
  if (!sock || !digits) return undefined;
  const lid = await withTimeout(sock.signalRepository.lidMapping.getLIDForPN(directChat(digits)), timeoutMs);
  return lid ? normalizeId(lid) : undefined;
}

/**
 * The typing indicator, best effort: a presence that fails (socket closing) never fails the
 * command. The socket connects with `markOnlineOnConnect: false`, so Baileys sends 'unavailable'
 * at connect, and WhatsApp does not show "escribiendo…" from a client that is offline. In rc14
 * `sendPresenceUpdate('available' | 'unavailable')` sends the account-wide `<presence type=…>`
 * node (skipped with a warning when the creds have no push name), while 'composing' / 'paused'
 * send a `<chatstate>` to the one chat (Socket/chats.js). So: 'available' before the first
 * 'composing' and 'unavailable' after the last 'paused', counted per socket so overlapping
 * documents in two chats do not go offline under each other; the phone keeps its notifications.
 */
export async function setComposing(
  sock: SocketLike | undefined,
  chatId: string,
  composing: boolean,
  log: Logger,
): Promise<void> {
  if (!sock) return;
  const active = composingChats.get(sock) ?? 0;
  const next = composing ? active + 1 : Math.max(active - 1, 0);
  composingChats.set(sock, next);
  const send = async (type: 'available' | 'unavailable' | 'composing' | 'paused', jid?: string) => {
    try {
      await sock.sendPresenceUpdate(type, jid);
    } catch (error) {
      log.debug({ err: error, type }, 'presence update failed');
    }
  };
  if (composing) {
    if (active === 0) await send('available');
    await send('composing', chatId);
  } else {
    await send('paused', chatId);
    if (active > 0 && next === 0) await send('unavailable');
  }
}

/** Chats each socket is showing "escribiendo…" in (a new socket starts offline again). */
const composingChats = new WeakMap<SocketLike, number>();
