import type { WAVersion } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { DedupStore } from '../../../store/dedup.js';
import type { EditStore } from '../../../store/edits.js';
import type { Outbox } from '../../../store/outbox.js';
import type { LimitsOptions } from '../limits/limits.js';
import type { BaileysAuth } from './auth.js';
import type { GroupMetadataCache } from './groups.js';
import type { PolicyOptions, ReconnectReason, StopReason } from './policy.js';
import type { SocketFactory } from './socket.js';

/* The WhatsApp transport's options and what it reports (kept apart so transport.ts is the loop). */

/** What the transport reports to its owner (the CLI draws it; tests assert it). */
export type WhatsAppStatus =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'qr'; qr: string }
  | { kind: 'pairing-code'; code: string; phone: string }
  | { kind: 'pairing-code-failed'; error: string }
  | { kind: 'restarting' }
  | { kind: 'open'; selfIds: string[] }
  | { kind: 'groups'; count: number }
  | {
      kind: 'reconnecting';
      reason: ReconnectReason;
      code?: number | undefined;
      delayMs: number;
      attempt: number;
      alert: boolean;
    }
  | { kind: 'stopped'; reason: StopReason | 'shutdown'; code?: number | undefined }
  /**
   * WhatsApp's reach-out time lock: no first messages to new chats until `until` (ms; absent when
   * WhatsApp gave no end). `change` marks the start and the end of a restriction (alerts); `since`
   * is when Chasqui learnt it. Sent at start from the store, then whenever WhatsApp tells.
   */
  | {
      kind: 'restriction';
      active: boolean;
      since?: number;
      until?: number;
      enforcement?: string;
      change?: 'started' | 'ended';
    }
  /** WhatsApp's cap on new chats this cycle (`message-capping.update`, `fetchNewChatMessageCap`). */
  | { kind: 'new-chat-cap'; total?: number; used?: number; cycleEndsAt?: number; status?: string }
  /** A recipient asked for one of our messages again (`receipt type=retry`): a group id, or 'direct'. */
  | { kind: 'retry-receipt'; chatId: string };

/** How one socket ended: the close error (its code decides the reconnect) and how long it was open. */
export interface SocketClosed {
  error: unknown;
  openedForMs: number;
}

export interface TransportStopped {
  reason: StopReason | 'shutdown';
  code?: number | undefined;
}

export interface BaileysTransportOptions {
  createSocket: SocketFactory;
  auth: BaileysAuth;
  dedup: DedupStore;
  /** The durable outbox; the transport runs its worker while open and closes it on stop. */
  outbox: Outbox;
  logger: Logger;
  groups?: GroupMetadataCache;
  waVersion?: WAVersion;
  maxMessageAgeSeconds: number;
  /** Digits with country code: ask for a pairing code instead of showing the QR. */
  pairPhone?: string;
  /** Time `stop()` waits for in-flight handlers and the outbox (default 10 s). */
  shutdownFlushMs?: number;
  policy?: Partial<PolicyOptions>;
  /** An open lasting this long resets the backoff counters (default 60 s). */
  stableOpenMs?: number;
  /** Bound on LID-mapping and group-metadata lookups while handling a message (default 3 s). */
  lookupTimeoutMs?: number;
  onStatus?: (status: WhatsAppStatus) => void;
  /** WhatsApp's limits on the account (issue 21): stores, the daily cap, the notice renderer. */
  limits: LimitsOptions;
  /** Message secrets for secret-encrypted edits (store/edits.ts). */
  edits?: EditStore;
  random?: () => number;
  now?: () => number;
}
