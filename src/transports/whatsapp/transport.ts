import type { Logger } from 'pino';
import { type OutboxItem, randomMessageId, type SendResult } from '../../store/outbox.js';
import { checkNumber, DeliveryFeed, lidForPhone, setComposing } from './outbound/extras.js';
import { GroupMetadataCache } from './connection/groups.js';
import { normalizeId } from '../ids.js';
import { type DecryptLogLimiter, rateLimitDecryptLogs } from './connection/log.js';
import { deserializeQuoted, serializeQuoted } from './outbound/outgoing.js';
import {
  closeStatusCode,
  DEFAULT_POLICY,
  decideReconnect,
  INITIAL_POLICY_STATE,
  reconnectStatus,
} from './connection/policy.js';
import { askPairingCode, onQr } from './connection/pairing.js';
import { WakeableSleep } from './connection/sleep.js';
import { MessageReceiver } from './inbound/receive.js';
import { sendOutboxItem } from './outbound/send.js';
import { WhatsAppLimits } from './limits/limits.js';
import { baileysLogger, buildSocketConfig, MemoryCacheStore, type SocketLike } from './connection/socket.js';
import type {
  BaileysTransportOptions,
  SocketClosed,
  TransportStopped,
  WhatsAppStatus,
} from './connection/types.js';
import type {
  DeliveryUpdate,
  MessageHandler,
  NumberCheck,
  OutgoingMessage,
  SentRef,
  Transport,
} from '../transport.js';

/**
 * WhatsApp through Baileys v7. One loop owns the connection: it creates exactly one socket,
 * attaches handlers to that socket's own emitter (Baileys destroys it on close), waits for the
 * close, asks the reconnect policy, and either sleeps and loops or stops. No recursion.
 */
export class BaileysTransport implements Transport {
  readonly name = 'whatsapp';
  readonly groups: GroupMetadataCache;
  private readonly options: BaileysTransportOptions;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly msgRetryCounterCache = new MemoryCacheStore();
  private readonly receiver: MessageReceiver;
  private current: SocketLike | undefined;
  private open = false;
  private stopping = false;
  private loopDone: Promise<TransportStopped> | undefined;
  private stopPromise: Promise<void> | undefined;
  private closeCurrent: ((closed: SocketClosed) => void) | undefined;
  /** The backoff between sockets; a stop or a relink wakes it. */
  private readonly pause = new WakeableSleep();
  private readonly deliveries: DeliveryFeed;
  /**
   * One for every socket, so the per-sender decrypt-failure windows survive reconnects; while the
   * transport runs it also takes libsignal's console lines about those failures.
   */
  private readonly baileysLog: DecryptLogLimiter;
  private relinking = false;
  /** Restriction, caps, first contacts, sent copies, sender keys (issue 21). */
  readonly limits: WhatsAppLimits;

  constructor(options: BaileysTransportOptions) {
    this.options = options;
    this.log = options.logger.child({ module: 'whatsapp' });
    this.now = options.now ?? Date.now;
    this.groups = options.groups ?? new GroupMetadataCache();
    this.deliveries = new DeliveryFeed(this.log, this.now);
    this.baileysLog = rateLimitDecryptLogs(baileysLogger(options.logger), { now: this.now });
    this.receiver = new MessageReceiver({
      dedup: options.dedup,
      groups: this.groups,
      logger: this.log,
      maxMessageAgeSeconds: options.maxMessageAgeSeconds,
      lookupTimeoutMs: options.lookupTimeoutMs,
      now: this.now,
      ...(options.edits ? { edits: options.edits } : {}),
    });
    this.limits = new WhatsAppLimits(options.limits, {
      outbox: options.outbox,
      keys: options.auth.state.keys,
      groups: this.groups,
      send: (chatId, message) => this.send(chatId, message),
      checkNumber: (phone) => this.checkNumber(phone),
      emit: (status) => this.emit(status),
      log: this.log,
      now: this.now,
    });
    this.deliveries.on((update) => this.limits.onDelivery(update));
  }

  selfIds(): string[] {
    const me = this.current?.user ?? this.options.auth.state.creds.me;
    return [me?.id, me?.lid].filter((id): id is string => Boolean(id)).map(normalizeId);
  }

  isOpen(): boolean {
    return this.open;
  }

  async start(handler: MessageHandler): Promise<void> {
    if (this.loopDone) throw new Error('transport already started');
    this.receiver.accept(this.limits.watch(handler));
    this.receiver.loadPending();
    this.limits.start();
    this.baileysLog.start();
    this.loopDone = this.loop();
  }

  /** Resolves when the transport stopped for good (terminal close code or `stop()`). */
  done(): Promise<TransportStopped> {
    return this.loopDone ?? Promise.resolve({ reason: 'shutdown' });
  }

  /** Durable: the row is in the outbox when this resolves; the worker sends it while open. */
  async send(chatId: string, message: OutgoingMessage): Promise<void> {
    await this.sendTracked(chatId, message);
  }

  /** `send`, returning the WhatsApp id reserved for the message (its delivery updates carry it). */
  async sendTracked(chatId: string, message: OutgoingMessage): Promise<SentRef> {
    const raw = message.quotedId ? this.receiver.quoted.get(message.quotedId) : undefined;
    const messageId = randomMessageId();
    const outboxId = this.options.outbox.enqueue(
      chatId,
      message,
      raw ? serializeQuoted(raw) : undefined,
      messageId,
    );
    this.reportDelivery({ messageId, chatId, state: 'queued', outboxId, at: this.now() });
    return { messageId };
  }

  onDelivery(listener: (update: DeliveryUpdate) => void): void {
    this.deliveries.on(listener);
  }

  /** Hands a delivery step to the listeners (the outbox's failures come through here too). */
  reportDelivery(update: DeliveryUpdate): void {
    this.deliveries.report(update);
  }

  /** Whether `phone` has WhatsApp, and its LID (outbound/extras.ts); 'unknown' when offline. Remembered. */
  async checkNumber(phone: string): Promise<NumberCheck> {
    const answer = await checkNumber(this.openSocket(), phone, this.options.lookupTimeoutMs ?? 3000);
    this.limits.recordCheck(phone, answer);
    return answer;
  }

  /** The LID WhatsApp pairs with `phone` (outbound/extras.ts); undefined when offline or unknown. */
  lidForPhone(phone: string): Promise<string | undefined> {
    return lidForPhone(this.openSocket(), phone, this.options.lookupTimeoutMs ?? 3000);
  }

  /** The typing indicator while a document is prepared; best effort. */
  setComposing(chatId: string, composing: boolean): Promise<void> {
    return setComposing(this.openSocket(), chatId, composing, this.log);
  }

  /** The person's ids the LID pairs know (rosters, number checks), phone id first. */
  personIds(id: string): string[] {
    return this.limits.personIds(id);
  }

  private openSocket(): SocketLike | undefined {
    return this.open ? this.current : undefined;
  }

  /**
   * Asks WhatsApp for an 8-character pairing code for `phone` (digits with country code) on the
   * socket waiting for pairing (the console's form); the code is also emitted as a status.
   */
  async requestPairingCode(phone: string): Promise<string> {
    const sock = this.current;
    if (!sock || this.open) throw new Error('WhatsApp is not waiting for pairing');
    return askPairingCode(sock, phone.replace(/\D/g, ''), (status) => this.emit(status));
  }

  /**
   * "Unlink and pair again" (an owner's action in the console): logs the device out, clears the
   * saved session and reconnects at once, so a new QR is offered instead of stopping.
   */
  async relink(): Promise<void> {
    if (this.stopping || !this.loopDone) throw new Error('transport not running');
    this.relinking = true;
    const sock = this.current;
    try {
      if (sock && this.open && sock.logout) await sock.logout();
      else await sock?.end(undefined);
    } catch (error) {
      this.log.warn({ err: error }, 'logout failed; clearing the session anyway');
      await sock?.end(undefined);
    }
    this.closeCurrent?.({ error: undefined, openedForMs: 0 });
    this.pause.wake();
  }

  /**
   * Graceful stop: take no new messages, let running handlers finish and the outbox drain for
   * at most `shutdownFlushMs`, then close the socket WITHOUT logging out. Idempotent.
   */
  stop(): Promise<void> {
    this.stopPromise ??= this.shutdown();
    return this.stopPromise;
  }

  private async shutdown(): Promise<void> {
    this.receiver.accept(undefined);
    const flushMs = this.options.shutdownFlushMs ?? 10_000;
    const deadline = this.now() + flushMs;
    await this.receiver.idle(flushMs);
    if (this.open) await this.options.outbox.flush(Math.max(0, deadline - this.now()));
    this.stopping = true;
    this.options.outbox.pause();
    this.pause.wake();
    const sock = this.current;
    if (sock) {
      try {
        await sock.end(undefined);
      } catch (error) {
        this.log.debug({ err: error }, 'error closing the socket');
      }
      this.closeCurrent?.({ error: undefined, openedForMs: 0 });
    }
    await this.loopDone;
    this.limits.stop();
    this.options.outbox.close();
    this.baileysLog.stop();
  }

  private emit(status: WhatsAppStatus): void {
    try {
      this.options.onStatus?.(status);
    } catch (error) {
      this.log.warn({ err: error }, 'status listener failed');
    }
  }

  private async loop(): Promise<TransportStopped> {
    const policy = { ...DEFAULT_POLICY, ...this.options.policy };
    const stableOpenMs = this.options.stableOpenMs ?? 60_000;
    let state = INITIAL_POLICY_STATE;
    let attempt = 0;
    while (!this.stopping) {
      if (this.relinking) {
        this.relinking = false;
        await this.options.auth.clear();
        state = INITIAL_POLICY_STATE;
        this.log.warn('session unlinked from the console; pairing again');
      }
      if (this.options.auth.resetUnfinishedPairing()) this.log.info('unfinished pairing dropped');
      this.emit({ kind: 'connecting', attempt: ++attempt });
      let closed: SocketClosed;
      try {
        closed = await this.runSocket();
      } catch (error) {
        this.log.error({ err: error }, 'could not create the WhatsApp socket');
        closed = { error, openedForMs: 0 };
      }
      if (this.stopping) break;
      if (this.relinking) continue; // cleared at the top of the loop, no backoff
      const code = closeStatusCode(closed.error);
      const random = this.options.random ?? Math.random;
      const stable = closed.openedForMs >= stableOpenMs;
      const decision = decideReconnect(code, state, stable, policy, random, this.now());
      state = decision.state;
      if (decision.action === 'stop') {
        this.receiver.accept(undefined);
        if (decision.clearAuth) await this.options.auth.clear();
        this.log.error({ code, reason: decision.reason }, 'WhatsApp connection stopped');
        this.emit({ kind: 'stopped', reason: decision.reason, code });
        return { reason: decision.reason, code };
      }
      const { status, level } = reconnectStatus(decision, code);
      this.log[level]({ code, ...status }, 'WhatsApp closed; reconnecting');
      this.emit(status);
      if (!this.stopping) await this.pause.sleep(decision.delayMs);
    }
    this.emit({ kind: 'stopped', reason: 'shutdown' });
    return { reason: 'shutdown' };
  }

  /** Creates one socket, wires it, and resolves when it closes. */
  private runSocket(): Promise<SocketClosed> {
    return new Promise<SocketClosed>((resolve) => {
      let openedAt: number | undefined;
      let qrCount = 0;
      let settled = false;
      const finish = (closed: SocketClosed): void => {
        if (settled) return;
        settled = true;
        if (this.current === sock) this.current = undefined;
        this.limits.detach(sock);
        this.open = false;
        this.closeCurrent = undefined;
        this.options.outbox.pause();
        resolve(closed);
      };
      this.closeCurrent = finish;
      const sock = this.options.createSocket(this.socketConfig());
      this.current = sock;

      sock.ev.on('connection.update', (update) => {
        if (settled) return;
        if (update.qr) {
          onQr(sock, update.qr, ++qrCount, {
            pairPhone: this.options.pairPhone,
            paired: this.options.auth.isPaired(),
            emit: (status) => this.emit(status),
            log: this.log,
          });
        }
        if (update.connection === 'open') {
          openedAt = this.now();
          this.onOpen(sock);
        }
        if (update.connection === 'close') {
          finish({ error: update.lastDisconnect?.error, openedForMs: openedAt ? this.now() - openedAt : 0 });
        }
      });
      sock.ev.on('creds.update', (update) => {
        try {
          this.options.auth.saveCreds(update);
        } catch (error) {
          this.log.error({ err: error }, 'could not save WhatsApp creds');
        }
      });
      sock.ev.on('messages.upsert', (event) => this.receiver.onUpsert(sock, event));
      this.deliveries.attach(sock, (edits) =>
        this.receiver.onUpsert(sock, { messages: edits, type: 'notify' }),
      );
      sock.ev.on('groups.upsert', (list) => this.groups.upsert(list));
      sock.ev.on('groups.update', (list) => this.groups.update(list));
      sock.ev.on('group-participants.update', (event) => this.groups.participants(event, this.selfIds()));
      this.limits.attach(sock);
    });
  }

  private socketConfig() {
    return buildSocketConfig({
      auth: this.options.auth,
      logger: this.options.logger,
      baileysLogger: this.baileysLog,
      waVersion: this.options.waVersion,
      msgRetryCounterCache: this.msgRetryCounterCache,
      cachedGroupMetadata: async (jid) => this.groups.get(jid),
      // undefined on a miss, never an empty message (see WhatsAppLimits.sentMessage).
      getMessage: async (key) => this.limits.sentMessage(key.id),
    });
  }

  private onOpen(sock: SocketLike): void {
    this.open = true;
    this.options.outbox.resume((item) => this.sendItem(sock, item));
    this.emit({ kind: 'open', selfIds: this.selfIds() });
    this.limits.onOpen(sock);
    // What a previous run left half-handled goes first (once per process; see replayPending).
    try {
      this.receiver.replayPending(sock);
    } catch (error) {
      this.log.error({ err: error }, 'could not re-handle unfinished messages');
    }
    sock.groupFetchAllParticipating().then(
      (all) => {
        this.groups.replaceAll(all);
        this.emit({ kind: 'groups', count: this.groups.size });
        void this.limits.learn(Object.values(all));
      },
      (error: unknown) => this.log.warn({ err: error }, 'could not fetch the groups'),
    );
  }

  private async sendItem(sock: SocketLike, item: OutboxItem): Promise<SendResult> {
    const quoted =
      deserializeQuoted(item.extra) ??
      (item.message.quotedId ? this.receiver.quoted.get(item.message.quotedId) : undefined);
    await this.limits.beforeSend(item);
    const result = await sendOutboxItem(sock, item, {
      ...(quoted ? { quoted } : {}),
      isCurrent: () => sock === this.current && this.open,
      onSent: () =>
        this.reportDelivery({
          messageId: item.waId,
          chatId: item.chatId,
          state: 'sent',
          outboxId: item.id,
          at: this.now(),
        }),
    });
    // The sealed copy answers retry requests; the outbox keeps no readable one.
    this.limits.keepCopy(item.waId, result.stored);
    return {};
  }
}
