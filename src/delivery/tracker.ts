import type { Logger } from 'pino';
import { cutText } from '../bot/error-reply.js';
import type { DeliveryTracking } from '../bot/feature.js';
import type { DeliveryRecord, DeliveryRepo } from '../store/delivery.js';
import { isPhoneId } from '../transports/ids.js';
import type { DeliveryUpdate, Transport } from '../transports/transport.js';

export interface DeliveryTrackerOptions {
  transport: Pick<Transport, 'sendTracked' | 'checkNumber' | 'onDelivery' | 'lidForPhone'>;
  deliveries: DeliveryRepo;
  logger: Logger;
  now?: () => number;
  /** A message without a server ack after this long is doubtful (default 2 min). */
  serverAckTimeoutMs?: number;
  /** How often due work is looked for (default 30 s). */
  tickMs?: number;
}

export interface DeliveryTracker extends DeliveryTracking {
  /** Applies one step (wired to the transport's `onDelivery`). */
  handle(update: DeliveryUpdate): void;
  /** Prunes old records, marks doubtful messages, then runs the features' tick work. */
  tick(): Promise<void>;
  /** Resolves what came due while the process was down, then ticks periodically. */
  start(): Promise<void>;
  stop(): void;
}

/**
 * Delivery truth of every outgoing message (the platform's part of delivery): each step the
 * transport reports is stored monotonically (store/delivery.ts), a send with no server ack in
 * time is marked doubtful, and features hear of every change and every tick (the guides
 * feature's one follow-up per `guia … enviar` and its driver failure alert ride on them).
 */
export function createDeliveryTracker(options: DeliveryTrackerOptions): DeliveryTracker {
  const { transport, deliveries } = options;
  const log = options.logger.child({ module: 'delivery' });
  const now = options.now ?? Date.now;
  const ackTimeoutMs = options.serverAckTimeoutMs ?? 2 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  const listeners: ((record: DeliveryRecord) => void)[] = [];
  const tickWork: ((at: number) => Promise<void>)[] = [];

  /**
   * A message for a phone-number chat goes to the LID WhatsApp pairs with the number when Baileys
   * knows or can ask it (`getLIDForPN`): v7 addresses 1:1 chats by LID. Else the phone-number chat.
   */
  async function addressing(chatId: string): Promise<string> {
    if (!isPhoneId(chatId) || !transport.lidForPhone) return chatId;
    try {
      return (await transport.lidForPhone(chatId)) ?? chatId;
    } catch (error) {
      log.debug({ err: error }, 'no LID for a driver number');
      return chatId;
    }
  }

  const tracker: DeliveryTracker = {
    handle(update) {
      let changed;
      try {
        changed = deliveries.record(update);
      } catch (error) {
        log.error({ err: error, id: update.messageId }, 'could not record a delivery update');
        return;
      }
      if (!changed) return;
      if (changed.state === 'failed') {
        // Never resent: for 463 a resend is another "reach out" and deepens the restriction.
        log.warn({ id: changed.waId, code: changed.code }, 'WhatsApp refused an outgoing message');
      }
      for (const listener of listeners) {
        try {
          listener(changed);
        } catch (error) {
          log.error({ err: error, id: changed.waId }, 'a delivery listener failed');
        }
      }
    },
    async tick() {
      const at = now();
      // Delivery history is kept 30 days (choferes shows the last state; the outbox keeps 7).
      deliveries.prune(at - 30 * 24 * 3600_000);
      for (const record of deliveries.markDoubtful(at - ackTimeoutMs, at)) {
        log.warn({ id: record.waId, sentAt: record.sentAt }, 'no server ack in time: delivery doubtful');
      }
      for (const work of tickWork) {
        try {
          await work(at);
        } catch (error) {
          log.error({ err: error }, 'delivery tick work failed');
        }
      }
    },
    async start() {
      await tracker.tick();
      timer ??= setInterval(() => void tracker.tick(), options.tickMs ?? 30_000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    async sendTracked(chatId, message) {
      if (!transport.sendTracked) throw new Error('transport cannot track deliveries');
      const cut =
        message.kind === 'document' && message.caption !== undefined
          ? { ...message, caption: cutText(message.caption) }
          : message;
      const target = await addressing(chatId);
      const { messageId } = await transport.sendTracked(target, cut);
      return { messageId, chatId: target };
    },
    async checkNumber(phone) {
      return transport.checkNumber ? transport.checkNumber(phone) : { status: 'unknown' };
    },
    onChange(listener) {
      listeners.push(listener);
    },
    onTick(work) {
      tickWork.push(work);
    },
  };
  transport.onDelivery?.((update) => tracker.handle(update));
  return tracker;
}
