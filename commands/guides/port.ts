import { serviceKey } from '../../src/bot/registry.js';
import type { Guide } from '../../src/lookup/schemas/guide.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';
import type { DispatchItem } from './dispatches.js';

/** The guide's printable PDF (pdf/delivery-guide.ts; loaded lazily: it parses fonts). */
export interface GuidePdfPort {
  render(guide: Guide): Promise<Uint8Array>;
}

/** `guia <ref> enviar` anti-abuse limits (cooldown per guide and driver, daily cap per driver). */
export interface GuideSendsPort {
  /** Why this guide may not go to this phone now, or undefined when it may (then `record` it). */
  check(guideRef: string, phone: string, options: { force: boolean }): 'cooldown' | 'daily-cap' | undefined;
  /**
   * `messageId` is the send's WhatsApp id (from `sendTracked`): a send whose delivery failed or
   * stayed doubtful does not count for the cooldown; without it the send always counts.
   */
  record(guideRef: string, phone: string, messageId?: string): void;
}

/**
 * `guia … enviar` with delivery tracking (WhatsApp): tracked sends to the drivers and the one
 * follow-up in the group once every message is final, or on time (follow-ups.ts).
 */
export interface DispatchPort {
  /** Sends and returns the id its delivery updates carry, and the chat it went to (maybe the LID). */
  sendTracked(chatId: string, message: OutgoingMessage): Promise<{ messageId: string; chatId: string }>;
  /** Starts a dispatch: its one follow-up goes to `chatId` once every message is final, or on time. */
  track(dispatch: { chatId: string; quotedId?: string; guide: string; items: DispatchItem[] }): void;
  /** Minutes the group waits at most for the follow-up. */
  reportAfterMinutes(): number;
}

/** The PDF renderer in the registry; absent: the PDF cannot be made (the summary still goes). */
export const GUIDE_PDF = serviceKey<GuidePdfPort>('guides:pdf');

/** The send limits in the registry; absent in some tests (no limit). */
export const GUIDE_SENDS = serviceKey<GuideSendsPort>('guides:sends');

/** Tracked dispatches in the registry; absent when the transport reports no deliveries (terminal). */
export const DISPATCH = serviceKey<DispatchPort>('guides:dispatch');
