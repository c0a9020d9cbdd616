import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { OutgoingMessage } from '../transports/transport.js';
import {
  type OutboxStatements,
  prepareOutboxStatements,
  type Row,
  toItem,
  toRowPayload,
} from './outbox-rows.js';
import { DEFAULT_PAYLOAD_RETENTION_MINUTES, prepareOutboxScrub } from './outbox-scrub.js';
import { type HeldRow, SendDeferredError, SendHeldError, SendRefusedError } from './outbox-errors.js';
import type { SqliteDatabase } from './sqlite.js';

export { type HeldRow, SendDeferredError, SendHeldError, SendRefusedError } from './outbox-errors.js';

/**
 * The durable, paced outbox. Every outgoing message is a row BEFORE anything is sent; one worker
 * sends one row at a time, only while a sender is attached (connection open), and marks it sent
 * after. Each row reserves its platform message id at enqueue time and every (re)send uses that
 * id: if the process dies between "sent" and "marked", the restart re-sends under the SAME id,
 * which WhatsApp clients treat as the same message (the protocol's own retries work that way),
 * so a crash can duplicate a network send but never a message the recipient sees.
 */

export interface OutboxItem {
  id: number;
  chatId: string;
  message: OutgoingMessage;
  /** Transport data stored with the row (e.g. the serialised quoted message); opaque here. */
  extra?: string;
  /** Platform message id reserved at enqueue; reused on every resend. */
  waId: string;
  /** Times the row was handed to the sender before this one (>0: maybe already delivered). */
  attempts: number;
  /** Real send errors so far (deferrals for a closed connection do not count). */
  failures: number;
}

export interface SendResult {
  /** Serialised sent message, kept for the platform's retry requests (`getMessage`). */
  stored?: string;
}

export type OutboxSender = (item: OutboxItem) => Promise<SendResult | undefined>;

export interface PacingOptions {
  /** Random delay before each send, uniform in [minDelayMs, maxDelayMs]. */
  minDelayMs: number;
  maxDelayMs: number;
  /** Minimum time between the starts of two sends to the same chat. */
  perChatGapMs: number;
}

export interface OutboxOptions extends PacingOptions {
  db: SqliteDatabase;
  logger?: Logger;
  /** A row whose send failed (real errors only, not deferrals) this many times is 'failed' (default 5). */
  maxFailures?: number;
  /** Wait after a failed send, multiplied by the failure number (default 2000 ms). */
  retryDelayMs?: number;
  /** First wait after a deferral on an open connection, doubled each time up to 5 min (default 5000 ms). */
  deferredRetryMs?: number;
  /** A row became 'failed' (already logged at error level): raise an alert. */
  onFailed?: (item: OutboxItem, error: unknown) => void;
  /** Sent/failed rows older than this are deleted (default 7 days). */
  retentionMs?: number;
  /** Texts and quoted messages of sent/failed rows are scrubbed this long after sending (default 60). */
  payloadRetentionMinutes?: number;
  random?: () => number;
  now?: () => number;
  newMessageId?: () => string;
}

export interface Outbox {
  /**
   * Writes the row (durable when this returns) and wakes the worker; returns the row id. `waId`
   * reserves a platform id chosen by the caller (to follow the message's delivery).
   */
  enqueue(chatId: string, message: OutgoingMessage, extra?: string, waId?: string): number;
  /** Connection open: start sending with this sender. */
  resume(sender: OutboxSender): void;
  /** Connection lost: stop after the current send. */
  pause(): void;
  /** Resolves true once nothing is pending, false after `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean>;
  pendingCount(): number;
  /** The stored sent message with this platform id (for retry requests). */
  sentMessage(waId: string): string | undefined;
  /** Pending rows held by their sender whose hold has not ended at `now`. */
  held(now: number): HeldRow[];
  /** The holds are over (the restriction lifted): held chats may be sent to now. Returns how many rows. */
  release(): number;
  /** Stops the worker without waiting for an in-flight send (its row stays pending). */
  close(): void;
  prune(): number;
  /** Scrubs the payload of finished rows past the retry window (also runs on a timer); returns how many. */
  scrub(): number;
}

/** Default id in WhatsApp Web's shape ('3EB0' + 18 hex digits). */
export function randomMessageId(): string {
  return `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
}

/** Creates the outbox over table `outbox` (migration 2) and starts its (paused) worker. */
export function createOutbox(options: OutboxOptions): Outbox {
  return new SqliteOutbox(options);
}

class SqliteOutbox implements Outbox {
  private readonly sql: OutboxStatements;
  private readonly now: () => number;
  private readonly random: () => number;
  private sender: OutboxSender | undefined;
  private closed = false;
  private wakeUp: (() => void) | undefined;
  private readonly lastSendAt = new Map<string, number>();
  private readonly blockedUntil = new Map<string, number>();
  /** Deferrals in a row per outbox row while the connection stayed open (backoff exponent). */
  private readonly deferrals = new Map<number, number>();
  private readonly idleWaiters = new Set<() => void>();
  private sendsSincePrune = 0;
  private readonly scrubBefore: (beforeMs: number) => number;
  private readonly scrubTimer: NodeJS.Timeout;

  constructor(private readonly options: OutboxOptions) {
    this.sql = prepareOutboxStatements(options.db);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.scrubBefore = prepareOutboxScrub(options.db);
    this.prune();
    this.scrubTimer = setInterval(() => this.scrub(), Math.min(5 * 60_000, this.payloadRetentionMs()));
    this.scrubTimer.unref();
    void this.run().catch((error: unknown) => {
      this.options.logger?.error({ err: error }, 'outbox worker stopped');
    });
  }

  enqueue(chatId: string, message: OutgoingMessage, extra?: string, reservedId?: string): number {
    const waId = reservedId ?? (this.options.newMessageId ?? randomMessageId)();
    const document = message.kind === 'document' ? Buffer.from(message.bytes) : null;
    const result = this.sql.insert.run(
      chatId,
      message.kind,
      JSON.stringify(toRowPayload(message, extra)),
      document,
      this.now(),
      waId,
    );
    this.wake();
    return Number(result.lastInsertRowid);
  }

  resume(sender: OutboxSender): void {
    this.sender = sender;
    this.blockedUntil.clear(); // a new connection: what waited out the old one's problems goes now
    this.deferrals.clear();
    this.wake();
  }

  pause(): void {
    this.sender = undefined;
    this.wake();
  }

  async flush(timeoutMs: number): Promise<boolean> {
    if (this.closed) return false;
    if (this.pendingCount() === 0) return true;
    return new Promise<boolean>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.idleWaiters.delete(done);
        resolve(false);
      }, timeoutMs);
      this.idleWaiters.add(done);
    });
  }

  pendingCount(): number {
    return this.sql.pending.get()?.n ?? 0;
  }

  sentMessage(waId: string): string | undefined {
    if (this.closed) return undefined;
    return this.sql.sentMessage.get(waId)?.wa_message;
  }

  held(now: number): HeldRow[] {
    if (this.closed) return [];
    return this.sql.held.all(now).map((row) => ({
      id: row.id,
      chatId: row.chat_id,
      waId: row.wa_id,
      heldUntil: row.held_until,
      reason: row.held_reason ?? '',
      ...(row.asked_in ? { askedIn: row.asked_in } : {}),
    }));
  }

  release(): number {
    if (this.closed) return 0;
    const now = this.now();
    const rows = this.sql.release.all(now, now);
    for (const row of rows) this.blockedUntil.delete(row.chat_id);
    if (rows.length > 0) this.wake();
    return rows.length;
  }

  close(): void {
    clearInterval(this.scrubTimer);
    this.closed = true;
    this.sender = undefined;
    this.wake();
    for (const waiter of [...this.idleWaiters]) waiter();
  }

  prune(): number {
    this.sendsSincePrune = 0;
    const before = this.now() - (this.options.retentionMs ?? 7 * 24 * 60 * 60 * 1000);
    const pruned = this.sql.prune.run(before).changes;
    this.scrub();
    return pruned;
  }

  scrub(): number {
    if (this.closed) return 0;
    try {
      return this.scrubBefore(this.now() - this.payloadRetentionMs());
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'outbox scrub failed');
      return 0;
    }
  }

  private payloadRetentionMs(): number {
    return (this.options.payloadRetentionMinutes ?? DEFAULT_PAYLOAD_RETENTION_MINUTES) * 60_000;
  }

  private wake(): void {
    const wake = this.wakeUp;
    this.wakeUp = undefined;
    wake?.();
  }

  /** Sleeps until woken (enqueue, pause, resume, close) or until `ms` passed. */
  private sleep(ms?: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(finish, ms);
      function finish(): void {
        if (timer) clearTimeout(timer);
        resolve();
      }
      this.wakeUp = finish;
    });
  }

  /** The oldest pending row per chat whose chat may be sent to now, or how long to wait. */
  private pickNext(): { row?: Row | undefined; waitMs?: number } {
    const heads = this.sql.heads.all();
    if (heads.length === 0) return {};
    const now = this.now();
    let waitMs = Number.POSITIVE_INFINITY;
    for (const head of heads) {
      const readyAt = Math.max(
        (this.lastSendAt.get(head.chat_id) ?? Number.NEGATIVE_INFINITY) + this.options.perChatGapMs,
        this.blockedUntil.get(head.chat_id) ?? Number.NEGATIVE_INFINITY,
      );
      if (readyAt <= now) {
        return { row: this.sql.row.get(head.id) };
      }
      waitMs = Math.min(waitMs, readyAt - now);
    }
    return { waitMs };
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      if (!this.sender) {
        await this.sleep();
        continue;
      }
      const next = this.pickNext();
      if (!next.row) {
        if (next.waitMs === undefined) {
          for (const waiter of [...this.idleWaiters]) waiter();
          await this.sleep();
        } else {
          await this.sleep(next.waitMs);
        }
        continue;
      }
      const { minDelayMs, maxDelayMs } = this.options;
      const delay = minDelayMs + this.random() * Math.max(0, maxDelayMs - minDelayMs);
      if (delay >= 1) await new Promise((resolve) => setTimeout(resolve, delay));
      const sender = this.sender;
      if (this.closed || !sender) continue;
      await this.sendOne(next.row, sender);
    }
  }

  private async sendOne(row: Row, sender: OutboxSender): Promise<void> {
    const item = toItem(row);
    // Durable BEFORE the network call: a restart sees attempts > 0 and knows this id may be out.
    this.sql.handed.run(row.id);
    this.lastSendAt.set(row.chat_id, this.now());
    const log = this.options.logger;
    if (item.attempts > 0) log?.info({ row: row.id, waId: row.wa_id }, 'outbox resend under the same id');
    try {
      const result = await sender(item);
      if (this.closed) return;
      this.sql.sent.run(this.now(), result?.stored ?? null, row.id);
      this.blockedUntil.delete(row.chat_id);
      this.deferrals.delete(row.id);
      if (++this.sendsSincePrune >= 1000) this.prune();
    } catch (error) {
      if (this.closed) return;
      if (error instanceof SendDeferredError) {
        this.defer(row, sender, error);
        return;
      }
      if (error instanceof SendHeldError) {
        // Never handed to the network: the attempt is taken back.
        this.sql.hold.run(error.untilMs, error.reason, row.id);
        this.blockedUntil.set(row.chat_id, error.untilMs);
        this.deferrals.delete(row.id);
        this.options.logger?.info(
          { row: row.id, until: error.untilMs, reason: error.reason },
          'outbox send held',
        );
        return;
      }
      if (error instanceof SendRefusedError) {
        this.sql.refuse.run(error.message, row.id);
        this.deferrals.delete(row.id);
        this.options.logger?.warn({ row: row.id, code: error.code }, 'outbox message refused before sending');
        this.notifyFailed({ ...item, failures: item.failures + 1 }, error);
        return;
      }
      this.recordFailure(item, error);
    }
  }

  /** A connection problem: no failure counted; wait for the next open, or retry the chat later. */
  private defer(row: Row, sender: OutboxSender, error: SendDeferredError): void {
    const log = this.options.logger;
    if (!error.connectionOpen) {
      log?.debug({ row: row.id }, 'outbox send deferred until the connection opens');
      if (this.sender === sender) this.sender = undefined;
      return;
    }
    const n = (this.deferrals.get(row.id) ?? 0) + 1;
    this.deferrals.set(row.id, n);
    const waitMs = Math.min(5 * 60_000, (this.options.deferredRetryMs ?? 5000) * 2 ** (n - 1));
    this.blockedUntil.set(row.chat_id, this.now() + waitMs);
    log?.warn({ row: row.id, waitMs, err: error.message }, 'outbox send deferred (connection problem)');
  }

  private recordFailure(item: OutboxItem, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const failures = item.failures + 1;
    const failed = failures >= (this.options.maxFailures ?? 5);
    this.sql.failure.run(message.slice(0, 500), failed ? 'failed' : 'pending', item.id);
    this.deferrals.delete(item.id);
    const log = { row: item.id, chatId: item.chatId, failures, attempts: item.attempts + 1, err: message };
    if (!failed) {
      this.blockedUntil.set(item.chatId, this.now() + (this.options.retryDelayMs ?? 2000) * failures);
      this.options.logger?.warn(log, 'outbox send failed; will retry');
      return;
    }
    this.blockedUntil.delete(item.chatId); // the chat's next message must not wait for this one
    this.options.logger?.error(log, 'outbox message FAILED for good: it will not be sent');
    this.notifyFailed({ ...item, failures }, error);
  }

  private notifyFailed(item: OutboxItem, error: unknown): void {
    try {
      this.options.onFailed?.(item, error);
    } catch (callbackError) {
      this.options.logger?.error({ err: callbackError }, 'outbox onFailed callback threw');
    }
  }
}
