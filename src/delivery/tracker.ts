import type { Logger } from 'pino';
import { sendSafely, type TemplateRenderer } from '../bot/command.js';
import { cutText } from '../bot/error-reply.js';
import type { DeliveryPort, DriverContactsPort } from '../bot/ports.js';
import type { DeliveryRepo } from '../store/delivery.js';
import type { DriverContactsRepo } from '../store/driver-contacts.js';
import type { DispatchRepo } from '../store/dispatches.js';
import type { DeliveryUpdate, Transport } from '../transports/transport.js';
import { dispatchReportData } from './dispatch-report.js';
import { isPhoneChat } from './driver-lids.js';
import { isFinal } from './state.js';

export interface DeliveryTrackerOptions {
  transport: Pick<Transport, 'send' | 'sendTracked' | 'checkNumber' | 'onDelivery' | 'lidForPhone'>;
  deliveries: DeliveryRepo;
  dispatches: DispatchRepo;
  /** With `learnLid`, a LID found for a driver's number before a guide is kept for them. */
  contacts: DriverContactsPort & Partial<Pick<DriverContactsRepo, 'learnLid'>>;
  templates: TemplateRenderer;
  logger: Logger;
  now?: () => number;
  /** A message without a server ack after this long is doubtful (default 2 min). */
  serverAckTimeoutMs?: number;
  /** The group's follow-up waits at most this long (default 10 min). */
  reportAfterMs?: number;
  /** How often due work is looked for (default 30 s). */
  tickMs?: number;
  /** Told when WhatsApp refuses a driver's guide (ops raises the 'delivery-failed' alert). */
  onDriverFailed?: (failure: DriverDeliveryFailure) => void;
}

/** A guide PDF a driver did not get: what an operator alert shows (no clear phone number). */
export interface DriverDeliveryFailure {
  guide: string;
  /** The driver's phone, masked as in the group's reply (`guia.ts` maskPhone). */
  driver: string;
  /** WhatsApp's error code ('463'…) or 'send-error'. */
  code: string;
}

export interface DeliveryTracker extends DeliveryPort {
  /** Applies one step (wired to the transport's `onDelivery`). */
  handle(update: DeliveryUpdate): void;
  /** Marks doubtful messages and posts every follow-up that is due or complete. */
  tick(): Promise<void>;
  /** Resolves what came due while the process was down, then ticks periodically. */
  start(): Promise<void>;
  stop(): void;
}

/**
 * Follows every outgoing message's delivery and reports each dispatch (`guia … enviar`) to its
 * group exactly once: when every driver message is final (delivered, read or failed), or when the
 * wait is over. The report is claimed in SQLite before it is queued, so neither a late receipt
 * nor a restart can post a second one.
 */
export function createDeliveryTracker(options: DeliveryTrackerOptions): DeliveryTracker {
  const { transport, deliveries, dispatches, templates } = options;
  const log = options.logger.child({ module: 'delivery' });
  const now = options.now ?? Date.now;
  const ackTimeoutMs = options.serverAckTimeoutMs ?? 2 * 60_000;
  const reportAfterMs = options.reportAfterMs ?? 10 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  const reporting = new Set<Promise<void>>();
  /** LIDs found for a phone-number chat by `sendTracked`, by message id, until `track` keeps them. */
  const foundLids = new Map<string, string>();

  /**
   * A guide for a driver with no known LID goes to the LID WhatsApp pairs with the number when
   * Baileys knows or can ask it (`getLIDForPN`): v7 addresses 1:1 chats by LID, and the driver's
   * later LID-only messages are then recognised (`track` stores it). Else the phone-number chat.
   */
  async function addressing(chatId: string): Promise<string> {
    if (!isPhoneChat(chatId) || !transport.lidForPhone) return chatId;
    try {
      return (await transport.lidForPhone(chatId)) ?? chatId;
    } catch (error) {
      log.debug({ err: error }, 'no LID for a driver number');
      return chatId;
    }
  }

  function complete(id: number): boolean {
    const dispatch = dispatches.get(id);
    if (!dispatch) return false;
    return dispatch.items.every((item) => {
      const state = deliveries.get(item.waId)?.state;
      return state !== undefined && isFinal(state);
    });
  }

  async function report(id: number): Promise<void> {
    const dispatch = dispatches.get(id);
    if (!dispatch || !dispatches.claimReport(id, now())) return;
    const data = dispatchReportData(dispatch, (waId) => deliveries.get(waId), options.contacts);
    const text = templates.render('guia-seguimiento', data);
    log.info({ dispatch: id, items: dispatch.items.length }, 'dispatch follow-up queued');
    await sendSafely(transport.send.bind(transport), dispatch.chatId, {
      kind: 'text',
      text,
      ...(dispatch.quotedId ? { quotedId: dispatch.quotedId } : {}),
    });
  }

  function schedule(id: number): void {
    const task = report(id)
      .catch((error: unknown) => log.error({ err: error, dispatch: id }, 'dispatch follow-up failed'))
      .finally(() => reporting.delete(task));
    reporting.add(task);
  }

  function notifyDriverFailure(waId: string, code: string | undefined): void {
    if (!options.onDriverFailed) return;
    try {
      const item = dispatches.itemFor(waId);
      if (item)
        options.onDriverFailed({ guide: item.guide, driver: item.phoneMasked, code: code ?? 'desconocido' });
    } catch (error) {
      log.error({ err: error, id: waId }, 'could not report a failed driver delivery');
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
        notifyDriverFailure(changed.waId, changed.code);
      }
      if (isFinal(changed.state)) {
        for (const id of dispatches.openWith(changed.waId)) if (complete(id)) schedule(id);
      }
    },
    async tick() {
      const at = now();
      // Delivery history is kept 30 days (choferes shows the last state; the outbox keeps 7).
      deliveries.prune(at - 30 * 24 * 3600_000);
      for (const record of deliveries.markDoubtful(at - ackTimeoutMs, at)) {
        log.warn({ id: record.waId, sentAt: record.sentAt }, 'no server ack in time: delivery doubtful');
      }
      const ids = new Set([...dispatches.due(at), ...dispatches.open().filter(complete)]);
      for (const id of ids) schedule(id);
      await Promise.allSettled([...reporting]);
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
      if (target !== chatId) {
        if (foundLids.size >= 1000) foundLids.clear();
        foundLids.set(messageId, target);
      }
      return messageId;
    },
    track(dispatch) {
      for (const item of dispatch.items) {
        const lid = foundLids.get(item.waId);
        if (lid === undefined) continue;
        foundLids.delete(item.waId);
        try {
          if (options.contacts.learnLid?.(item.documentNumber, lid)) {
            log.info({ dispatchItem: item.waId }, 'driver LID learnt before sending a guide');
          }
        } catch (error) {
          log.error({ err: error }, 'could not store a driver LID');
        }
      }
      const createdAt = now();
      const id = dispatches.create({ ...dispatch, createdAt, dueAt: createdAt + reportAfterMs });
      if (complete(id)) schedule(id);
    },
    reportAfterMinutes: () => Math.round(reportAfterMs / 60_000),
    // A driver's last guide, not the last message to their chat (see DeliveryRepo.latestGuideFor).
    latestFor(chatIds) {
      const record = deliveries.latestGuideFor(chatIds);
      if (!record) return undefined;
      return record.code === undefined
        ? { state: record.state, at: record.stateAt }
        : { state: record.state, code: record.code, at: record.stateAt };
    },
    async checkNumber(phone) {
      return transport.checkNumber ? transport.checkNumber(phone) : { status: 'unknown' };
    },
  };
  transport.onDelivery?.((update) => tracker.handle(update));
  return tracker;
}
