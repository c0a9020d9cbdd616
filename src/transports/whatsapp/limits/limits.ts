import type { GroupMetadata, proto, SignalKeyStore } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { LidPairsRepo } from '../../../store/lid-pairs.js';
import type { NewChatsRepo } from '../../../store/new-chats.js';
import { type Outbox, type OutboxItem, SendHeldError } from '../../../store/outbox.js';
import type { SentCopiesRepo } from '../../../store/sent-copies.js';
import type { AccountLimitsRepo } from '../../../store/wa-account.js';
import { directChat, isGroupChat, normalizeId, phoneOf } from '../../ids.js';
import type {
  DeliveryUpdate,
  IncomingMessage,
  MessageHandler,
  NumberCheck,
  OutgoingMessage,
} from '../../transport.js';
import type { GroupMetadataCache } from '../connection/groups.js';
import { learnRoster } from '../connection/lid-roster.js';
import { SenderKeyMemory } from '../connection/sender-keys.js';
import { LruMap, type SocketLike } from '../connection/socket.js';
import type { WhatsAppStatus } from '../connection/types.js';
import { deserializeSent } from '../outbound/outgoing.js';
import { AccountWatch } from './account.js';
import { FirstContactGate } from './first-contact.js';
import { HoldNotices, type NoticeRenderer } from './notices.js';

/**
 * WhatsApp as it restricts in 2026 (issue 21), in one place the transport calls at its seams:
 * the account's restriction and new-chat cap (account.ts), the rule for first messages
 * (first-contact.ts) and the groups told about held ones (notices.ts), sealed copies of sent
 * messages for retry requests, group sender keys reset when members or devices change
 * (connection/sender-keys.ts), LID pairs learnt from rosters (connection/lid-roster.ts) and retry
 * receipts reported per group.
 */

/** The stores the limits run on (store/wa-account, new-chats, lid-pairs, sent-copies). */
export interface LimitsStores {
  account: AccountLimitsRepo;
  chats: NewChatsRepo;
  pairs: LidPairsRepo;
  copies: SentCopiesRepo;
}

export interface LimitsOptions extends LimitsStores {
  /** First messages to new chats per Lima day (`whatsapp.newChats.dailyCap`). */
  dailyCap: number;
  /** Renders the group notice about held messages; without it the group is not told. */
  render?: NoticeRenderer | undefined;
}

export interface LimitsDeps {
  outbox: Pick<Outbox, 'held' | 'release'>;
  keys: Pick<SignalKeyStore, 'get' | 'set'>;
  groups: GroupMetadataCache;
  send: (chatId: string, message: OutgoingMessage) => Promise<void>;
  checkNumber: (phone: string) => Promise<NumberCheck>;
  emit: (status: WhatsAppStatus) => void;
  log: Logger;
  now: () => number;
}

export class WhatsAppLimits {
  readonly account: AccountWatch;
  readonly gate: FirstContactGate;
  readonly senderKeys: SenderKeyMemory;
  private readonly notices: HoldNotices;
  /** 1:1 chats of messages this process sent, by message id (a receipt may name the other form). */
  private readonly sentChats = new LruMap<string, string>(2_000);
  private current: SocketLike | undefined;

  constructor(
    private readonly options: LimitsOptions,
    private readonly deps: LimitsDeps,
  ) {
    const { log, now } = deps;
    this.account = new AccountWatch({
      repo: options.account,
      log,
      now,
      emit: deps.emit,
      onLifted: () => {
        const released = deps.outbox.release();
        if (released > 0) log.info({ released }, 'held messages released');
      },
    });
    this.gate = new FirstContactGate({
      chats: options.chats,
      pairs: options.pairs,
      account: this.account,
      dailyCap: options.dailyCap,
      checkNumber: deps.checkNumber,
      now,
    });
    this.notices = new HoldNotices({
      held: (at) => deps.outbox.held(at),
      account: options.account,
      render: options.render,
      send: deps.send,
      log,
      now,
    });
    this.senderKeys = new SenderKeyMemory(deps.keys, deps.groups, log, (ids) => options.pairs.expand(ids));
  }

  /** At start: the stored restriction and cap as statuses; groups owed a notice are told. */
  start(): void {
    this.account.announce();
    this.notices.soon(0);
  }

  /** One socket's events: restriction, cap, rosters, member and device changes, retry receipts. */
  attach(sock: SocketLike): void {
    this.current = sock;
    this.account.attach(sock);
    this.senderKeys.attach(sock);
    sock.ev.on('groups.upsert', (list) => void this.learn(list));
    sock.ev.on('group-participants.update', (event) => {
      void this.senderKeys.onParticipants(event);
      const group = this.deps.groups.get(event.id);
      if (group) void this.learn([group]);
    });
    sock.ws?.on('CB:receipt,type:retry', (node) => {
      const from = node.attrs.from ?? '';
      this.deps.emit({ kind: 'retry-receipt', chatId: isGroupChat(from) ? from : 'direct' });
    });
  }

  detach(sock: SocketLike): void {
    if (this.current === sock) this.current = undefined;
    this.account.detach(sock);
  }

  /** The connection opened: ask WhatsApp how the account stands (rc14 never asks by itself). */
  onOpen(sock: SocketLike): void {
    this.current = sock;
    void this.account.ask(sock, 'open');
  }

  /** The full roster fetched at open. */
  learn(groups: readonly GroupMetadata[]): Promise<number> {
    return learnRoster(groups, this.options.pairs, this.current, this.deps.now(), this.deps.log);
  }

  /** Before a row is sent: the first-contact rule (throws the outbox's hold / refusal / deferral). */
  async beforeSend(item: OutboxItem): Promise<void> {
    try {
      await this.gate.check(item.chatId);
    } catch (error) {
      if (error instanceof SendHeldError) this.notices.soon();
      throw error;
    }
    if (!isGroupChat(item.chatId)) this.sentChats.set(item.waId, item.chatId);
  }

  /** A sent message's copy, sealed, for the recipients' retry requests. */
  keepCopy(waId: string, stored: string | undefined): void {
    if (stored === undefined) return;
    try {
      this.options.copies.put(waId, stored, this.deps.now());
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not keep a copy of a sent message');
    }
  }

  /**
   * `getMessage` for a retry request: the sealed copy, or undefined. Never an empty message: an
   * empty answer is resent and burns the recipient's only repair path (Evolution API #2705).
   */
  sentMessage(waId: string | null | undefined): proto.IMessage | undefined {
    if (!waId) return undefined;
    return deserializeSent(this.options.copies.get(waId, this.deps.now()));
  }

  /** A delivery step: a 463 asks WhatsApp about the account; a receipt establishes the chat. */
  onDelivery(update: DeliveryUpdate): void {
    if (isGroupChat(update.chatId)) return;
    try {
      if (update.state === 'failed' && update.code === '463' && this.current) {
        void this.account.ask(this.current, '463');
      } else if (update.state === 'delivered' || update.state === 'read' || update.state === 'played') {
        const sentTo = this.sentChats.get(update.messageId);
        this.options.chats.markReached([update.chatId, ...(sentTo ? [sentTo] : [])], update.at);
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not follow a delivery for the account limits');
    }
  }

  /** The handler, seeing first who writes: a person who writes makes their chat established. */
  watch(handler: MessageHandler): MessageHandler {
    return (message) => {
      this.onIncoming(message);
      return handler(message);
    };
  }

  /** A person wrote to the bot: their chat is established (WhatsApp gave us their token). */
  onIncoming(message: Pick<IncomingMessage, 'isGroup' | 'chatId' | 'senderIds' | 'timestamp'>): void {
    if (message.isGroup) return;
    try {
      const now = this.deps.now();
      const ids = [message.chatId, ...message.senderIds];
      this.options.chats.markReached(ids, now);
      // What was held for this person may go now (the others are held again as they come up).
      const chats = new Set(this.options.pairs.expand(ids));
      if (this.deps.outbox.held(now).some((row) => chats.has(normalizeId(row.chatId)))) {
        this.deps.outbox.release();
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not mark a chat established');
    }
  }

  /** What WhatsApp said of a number asked for elsewhere (`chofer`): remembered for the first message. */
  recordCheck(phone: string, check: NumberCheck): void {
    if (check.status === 'unknown') return;
    const now = this.deps.now();
    try {
      const chat = check.status === 'exists' ? check.id : undefined;
      const digits = phoneOf(chat ?? '') ?? phone.replace(/\D/g, '');
      this.options.chats.recordNumberCheck(directChat(digits), check.status === 'exists', now);
      if (check.status === 'exists' && check.lid)
        this.options.pairs.learn([{ lid: check.lid, phone: digits }], now);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not remember a number check');
    }
  }

  /** Every form the pairs know of one person's id, phone id first. */
  personIds(id: string): string[] {
    try {
      return this.options.pairs.expand([id]);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not read LID pairs');
      return [normalizeId(id)];
    }
  }

  stop(): void {
    this.account.stop();
    this.notices.stop();
  }
}
