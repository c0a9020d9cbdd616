/**
 * What the console reads and drives, as ports it owns: the WhatsApp connection and pairing, and
 * optional inputs other features provide (delivery states of driver messages, a credit budget).
 */

export type ConnectionState = 'connecting' | 'pairing' | 'open' | 'reconnecting' | 'stopped';

/** The connection and pairing as the page shows them. */
export interface PairingSnapshot {
  connection: ConnectionState;
  /** When `connection` began. */
  since: Date;
  /**
   * Since when the bot has been without WhatsApp (start, or the last time an open connection was
   * lost); absent while open. Retries do not move it.
   */
  offlineSince?: Date;
  /** The QR WhatsApp offers now (rotates about every 20 s); absent once linked. */
  qr?: { value: string; updatedAt: Date };
  pairingCode?: { code: string; phone: string; at: Date };
  pairingError?: string;
  /** Digits of the linked number, once open. */
  linkedNumber?: string;
  /** The last close code (reconnecting / stopped). */
  code?: number;
  /** Why it stopped or is reconnecting (policy words: logged-out, replaced, connection...). */
  reason?: string;
  /** Number of the attempt in progress. */
  attempt?: number;
  /**
   * WhatsApp's reach-out time lock (issue 21): no first messages to new chats while active, until
   * `until` when WhatsApp said. Absent until WhatsApp told; kept across reconnects.
   */
  restriction?: { active: boolean; since?: Date; until?: Date; enforcement?: string };
  /** WhatsApp's cap on new chats this cycle, when it told. */
  newChatCap?: { total?: number; used?: number; cycleEndsAt?: Date; status?: string };
}

export interface PairingState {
  snapshot(): PairingSnapshot;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface PairingActions {
  /** Asks for an 8-character code for this number; rejects when WhatsApp is not waiting for pairing. */
  requestPairingCode(phone: string): Promise<string>;
  /** Logs out, clears the session and reconnects to show a new QR. */
  relink(): Promise<void>;
  /** Whether a device is linked (saved session), even while WhatsApp cannot be reached. */
  isPaired(): boolean;
}

/** Delivery state counts of messages to drivers (issue 12 provides it; absent before). */
export interface DeliveryStatesPort {
  /** e.g. { pending: 2, sent: 10, delivered: 8, read: 5, failed: 1 } */
  counts(): Record<string, number>;
  /** Latest deliveries per driver document number (optional detail for the Drivers page). */
  latestByDriver?(): Record<string, { state: string; at: Date }>;
}

/** A monthly credit budget (the credit-budget feature provides it; absent before). */
export interface BudgetPort {
  /** Credits allowed per Lima calendar month, if a budget is set. */
  monthlyCredits(): number | undefined;
}
