/**
 * What an outbox sender may throw besides a plain failure (store/outbox.ts): a connection problem
 * (deferred), a platform hold (held until a time), a refusal before sending (failed at once).
 */

/**
 * Thrown by a sender for a connection problem, not a problem of the message: the row stays
 * pending and no failure is counted. By default the worker pauses until the next `resume`
 * (connection open again); with `connectionOpen` (e.g. a query timed out on a socket that is
 * still up) it keeps going and retries that chat after a growing delay.
 */
export class SendDeferredError extends Error {
  readonly connectionOpen: boolean;

  constructor(message = 'connection not open', options: { connectionOpen?: boolean } = {}) {
    super(message);
    this.name = 'SendDeferredError';
    this.connectionOpen = options.connectionOpen ?? false;
  }
}

/**
 * Thrown by a sender for a message that must wait for a reason of the platform's, not of the
 * connection (WhatsApp restricts new chats, a cap on first messages is reached): the row stays
 * pending, marked held until `untilMs` with `reason`, counts no attempt, and its chat waits until
 * then or until `release()`. The sender decides again when the row comes up.
 */
export class SendHeldError extends Error {
  constructor(
    readonly untilMs: number,
    readonly reason: string,
  ) {
    super(`held until ${new Date(untilMs).toISOString()}: ${reason}`);
    this.name = 'SendHeldError';
  }
}

/**
 * Thrown by a sender that refuses a message without sending it (a number WhatsApp says does not
 * exist): the row fails at once, without retries, and `onFailed` hears it with this error.
 */
export class SendRefusedError extends Error {
  constructor(readonly code: string) {
    super(`refused before sending: ${code}`);
    this.name = 'SendRefusedError';
  }
}

/** A pending row held by `SendHeldError`. */
export interface HeldRow {
  id: number;
  chatId: string;
  waId: string;
  heldUntil: number;
  reason: string;
  /** The chat that asked for the message (`OutgoingMessage.askedIn`), told about the hold. */
  askedIn?: string;
}
