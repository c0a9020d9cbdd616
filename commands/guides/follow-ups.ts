import type { Logger } from 'pino';
import { sendSafely, type TemplateRenderer } from '../../src/bot/command.js';
import type { AlertPort, DeliveryReader, DeliveryTracking } from '../../src/bot/feature.js';
import type { DriverContactsPort } from '../../src/bot/ports.js';
import { isFinal } from '../../src/store/delivery-state.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';
import type { DispatchRepo } from './dispatches.js';
import { dispatchReportData } from './follow-up-report.js';
import type { DispatchPort } from './port.js';

export interface FollowUpOptions {
  tracking: DeliveryTracking;
  deliveries: DeliveryReader;
  dispatches: DispatchRepo;
  /** The drivers' contacts, read at report time (who never wrote to the bot); absent: none. */
  contacts: () => Pick<DriverContactsPort, 'get'> | undefined;
  templates: TemplateRenderer;
  send(chatId: string, message: OutgoingMessage): Promise<void>;
  logger: Logger;
  now: () => number;
  /** The group's follow-up waits at most this long. */
  reportAfterMs: number;
  /** Ops alerts: a driver's refused guide raises 'delivery-failed' (no clear phone number). */
  alerts?: AlertPort;
}

const NO_CONTACTS: Pick<DriverContactsPort, 'get'> = { get: () => undefined };

/**
 * The one follow-up per `guia … enviar`: reported to its group exactly once, when every driver
 * message is final (delivered, read or failed) or when the wait is over. The report is claimed
 * in SQLite before it is queued, so neither a late receipt nor a restart can post a second one.
 * A driver's guide WhatsApp refuses raises one ops alert. Rides on the platform's delivery
 * tracker (src/delivery/tracker.ts): its changes and its ticks.
 */
export function createDispatchFollowUps(options: FollowUpOptions): DispatchPort {
  const { tracking, deliveries, dispatches, templates } = options;
  const log = options.logger.child({ module: 'delivery' });
  const reporting = new Set<Promise<void>>();

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
    if (!dispatch || !dispatches.claimReport(id, options.now())) return;
    const contacts = options.contacts() ?? NO_CONTACTS;
    const data = dispatchReportData(dispatch, (waId) => deliveries.get(waId), contacts);
    const text = templates.render('guia-seguimiento', data);
    log.info({ dispatch: id, items: dispatch.items.length }, 'dispatch follow-up queued');
    await sendSafely(options.send, dispatch.chatId, {
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

  function alertDriverFailure(waId: string, code: string | undefined): void {
    if (!options.alerts) return;
    try {
      const item = dispatches.itemFor(waId);
      if (item) {
        options.alerts.raise('delivery-failed', {
          guide: item.guide,
          // A driver registered by LID has no number to show (issue 21).
          driver: item.phoneMasked || 'LID',
          code: code ?? 'desconocido',
        });
      }
    } catch (error) {
      log.error({ err: error, id: waId }, 'could not report a failed driver delivery');
    }
  }

  tracking.onChange((changed) => {
    if (changed.state === 'failed') alertDriverFailure(changed.waId, changed.code);
    if (isFinal(changed.state)) {
      for (const id of dispatches.openWith(changed.waId)) if (complete(id)) schedule(id);
    }
  });
  tracking.onTick(async (at) => {
    const ids = new Set([...dispatches.due(at), ...dispatches.open().filter(complete)]);
    for (const id of ids) schedule(id);
    await Promise.allSettled([...reporting]);
  });

  const reportAfterMs = options.reportAfterMs;
  return {
    sendTracked: (chatId, message) => tracking.sendTracked(chatId, message),
    track(dispatch) {
      const createdAt = options.now();
      const id = dispatches.create({ ...dispatch, createdAt, dueAt: createdAt + reportAfterMs });
      if (complete(id)) schedule(id);
    },
    reportAfterMinutes: () => Math.round(reportAfterMs / 60_000),
  };
}
