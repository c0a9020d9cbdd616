import type { Logger } from 'pino';
import type { HeldRow } from '../../../store/outbox.js';
import type { AccountLimitsRepo } from '../../../store/wa-account.js';
import type { OutgoingMessage } from '../../transport.js';

/**
 * Tells the chat that asked for a message (`OutgoingMessage.askedIn`: the group of a `guia …
 * enviar`) that its messages to drivers are held, once per hold: a restriction (from its start), a day of Chasqui's cap, a cycle of
 * WhatsApp's cap. The claim is stored before the notice is queued, so neither a second guide nor
 * a restart tells the group again. The words are the template `whatsapp-retenido`'s.
 */

/** The renderer the wiring passes (`templates/*.liquid`); the transport formats no text itself. */
export interface NoticeRenderer {
  render(name: string, data?: Record<string, unknown>): string;
}

export interface HoldNoticesOptions {
  held: (now: number) => HeldRow[];
  account: Pick<AccountLimitsRepo, 'claimNotice' | 'restriction'>;
  /** Without a renderer no notice is sent (the hold itself still works). */
  render?: NoticeRenderer | undefined;
  send: (chatId: string, message: OutgoingMessage) => Promise<void>;
  log: Logger;
  now: () => number;
}

/** What the template reads as the reason (Spanish words are the template's). */
const MOTIVO: Record<string, string> = {
  restriction: 'restriccion',
  'whatsapp-cap': 'tope-whatsapp',
  'daily-cap': 'tope-diario',
};

export class HoldNotices {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: HoldNoticesOptions) {}

  /** Looks for held rows soon (several are often held at once: one pass tells each chat once). */
  soon(delayMs = 1_000): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sweep();
    }, delayMs);
    this.timer.unref();
  }

  /** Tells every group with a held driver message that was not told about this hold yet. */
  sweep(): Promise<void> {
    this.running ??= this.tell().finally(() => (this.running = undefined));
    return this.running;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async tell(): Promise<void> {
    const { render, log } = this.options;
    if (!render) return;
    const now = this.options.now();
    const rows = this.options.held(now);
    for (const row of rows) {
      try {
        const asker = row.askedIn;
        if (!asker) continue;
        if (!this.options.account.claimNotice(this.episode(row), asker, now)) continue;
        const text = render.render('whatsapp-retenido', {
          motivo: MOTIVO[row.reason] ?? row.reason,
          hasta: new Date(row.heldUntil),
          sin_fin: row.reason === 'restriction' && this.options.account.restriction()?.until === undefined,
        });
        await this.options.send(asker, { kind: 'text', text });
        log.info({ group: asker, reason: row.reason }, 'group told that its driver messages are held');
      } catch (error) {
        log.error({ err: error }, 'could not tell a group about held messages');
      }
    }
  }

  /** One key per hold: the restriction's start, the day or cycle a cap ends. */
  private episode(row: HeldRow): string {
    if (row.reason === 'restriction') {
      return `restriction:${this.options.account.restriction()?.since ?? row.heldUntil}`;
    }
    return `${row.reason}:${row.heldUntil}`;
  }
}
