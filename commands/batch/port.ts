import { serviceKey } from '../../src/bot/registry.js';
import type { BatchConfig } from '../../src/config/types.js';
import type { BatchPlan } from './entries.js';

/** A batch waiting for "sí": what was validated, and whether DNIs may be looked up here. */
export interface PendingBatch {
  plan: BatchPlan;
  personalData: boolean;
  /** Where the numbers came from: a file name, or undefined for a pasted list. */
  fileName?: string;
}

/**
 * What `lote` and `si` need beyond the lookup API: the settings and the pending confirmations
 * (one per sender and chat; a new `lote` replaces the previous one).
 */
export interface BatchPort {
  readonly settings: BatchConfig;
  /** Keeps a batch until `now + confirmMinutes`; returns when it expires. */
  hold(chatId: string, senderKey: string, batch: PendingBatch, now: Date): Date;
  /** Removes and returns the sender's pending batch in this chat, unless it expired. */
  take(chatId: string, senderKey: string, now: Date): PendingBatch | undefined;
}

/** The batch settings and pending confirmations in the app's registry (`batchPort(ctx)`). */
export const BATCH = serviceKey<BatchPort>('batch');
