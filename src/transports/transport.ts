/**
 * The seam between chat platforms and the bot. WhatsApp (Baileys), the terminal chat and the
 * in-memory test transport all turn their events into `IncomingMessage` and send `OutgoingMessage`.
 */
export interface IncomingMessage {
  /** Platform message id (WhatsApp key.id). */
  id: string;
  /** Chat id: a group's id or a person's (direct chat); their shapes are in ids.ts. */
  chatId: string;
  isGroup: boolean;
  /** Group subject when known (the allow-list may name groups). */
  chatName?: string;
  /**
   * Every known id of the sender, most specific first: e.g. its phone-number id and its LID
   * (see ids.ts). Admin lists, roles and rate limits match on any of them.
   */
  senderIds: string[];
  senderName?: string;
  /** True when the platform says the sender administers this group. */
  senderIsGroupAdmin?: boolean;
  text: string;
  /** Ids mentioned in the message (to detect a mention of the bot). */
  mentionedIds?: string[];
  /** Milliseconds since the epoch. */
  timestamp: number;
  /**
   * Set when this is an edit: the id of the message that was edited (`id` is that id too, so a
   * reply quotes the original). The router answers an edit only when its command changed.
   */
  editOf?: string;
  /** A document sent with the message (its caption is `text`); fetched only when a command asks. */
  document?: IncomingDocument;
}

/**
 * An attached file, not downloaded yet: the transport downloads it only when a command asks
 * (`lote` with a file), and never more than `maxBytes`.
 */
export interface IncomingDocument {
  fileName: string;
  mimetype: string;
  /** Size the platform announced, when it did. */
  size?: number;
  /** The file's bytes; rejects with DocumentTooLargeError beyond `maxBytes`. */
  download(maxBytes: number): Promise<Uint8Array>;
}

/** An attachment larger than the caller allows (announced or found while downloading). */
export class DocumentTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`document larger than ${maxBytes} bytes`);
    this.name = 'DocumentTooLargeError';
  }
}

/** What every outgoing message may carry besides its content. */
interface OutgoingBase {
  /**
   * The chat whose request this message answers when it goes elsewhere (the group that asked for
   * a guide to be sent to a driver): told there if the platform holds the message back (WhatsApp
   * restricting new chats).
   */
  askedIn?: string;
}

export interface TextMessage extends OutgoingBase {
  kind: 'text';
  text: string;
  /** Ids to mention, exactly as received in `senderIds`. */
  mentions?: string[];
  /** Id of the incoming message this one answers (quoted). */
  quotedId?: string;
}

export interface DocumentMessage extends OutgoingBase {
  kind: 'document';
  bytes: Uint8Array;
  fileName: string;
  mimetype: string;
  caption?: string;
  quotedId?: string;
}

export type OutgoingMessage = TextMessage | DocumentMessage;

export type MessageHandler = (message: IncomingMessage) => Promise<void>;

/** What `send` may return: the platform id reserved for the message (delivery updates use it). */
export interface SentRef {
  messageId: string;
}

/** One step of an outgoing message's delivery, in platform-neutral terms (see src/store/delivery-state.ts). */
export interface DeliveryUpdate {
  /** The platform message id (`SentRef.messageId`). */
  messageId: string;
  chatId: string;
  /** Group receipts: who received or read it. */
  recipient?: string | undefined;
  state: 'queued' | 'sent' | 'server_ack' | 'delivered' | 'read' | 'played' | 'failed';
  /** The platform's error code for `failed` (WhatsApp: '463', '479'…; 'send-error' for local failures). */
  code?: string;
  /** The outbox row, when the update comes from the outbox itself (queued, sent). */
  outboxId?: number;
  /** Milliseconds since the epoch. */
  at: number;
}

/** Does a number have WhatsApp? `unknown` when the transport cannot ask (offline, terminal, tests). */
export type NumberCheck =
  { status: 'unknown' } | { status: 'missing' } | { status: 'exists'; id: string; lid?: string };

/** A platform connection. `send` may resolve before delivery when the transport queues (outbox). */
export interface Transport {
  readonly name: string;
  /** Ids under which the bot itself is known (to detect mentions); may be empty. */
  selfIds(): string[];
  start(handler: MessageHandler): Promise<void>;
  send(chatId: string, message: OutgoingMessage): Promise<void>;
  stop(): Promise<void>;
  /** Like `send`, and returns the id the message will carry (to follow its delivery). */
  sendTracked?(chatId: string, message: OutgoingMessage): Promise<SentRef>;
  /** Subscribes to delivery updates of sent messages; absent when the platform gives none. */
  onDelivery?(listener: (update: DeliveryUpdate) => void): void;
  /** Asks the platform whether a phone number (digits with country code) has an account. */
  checkNumber?(phone: string): Promise<NumberCheck>;
  /** The LID the platform pairs with a phone number, when it knows or can ask; never throws. */
  lidForPhone?(phone: string): Promise<string | undefined>;
  /** Shows (true) or stops showing (false) "escribiendo…" in a chat; best effort, never throws. */
  setComposing?(chatId: string, composing: boolean): Promise<void>;
  /**
   * Every id the platform knows for the person behind `id` (WhatsApp: its phone-number id and LID,
   * paired by group rosters), phone id first; `[id]` when it knows no other. Offline too. A mention
   * (`mentionedIds`, often a LID) becomes the number a feature needs this way.
   */
  personIds?(id: string): string[];
}

export type TransportExtras = Pick<
  Transport,
  'sendTracked' | 'onDelivery' | 'checkNumber' | 'lidForPhone' | 'setComposing' | 'personIds'
>;

/**
 * A wrapper's copy of the inner transport's optional features (delivery tracking, number checks,
 * composing), bound to it: a wrapper that forgets them silently turns delivery tracking off.
 * `outgoing` rewrites each tracked message as the wrapper's `send` does; `sent` sees each send.
 */
export function forwardExtras(
  transport: Transport,
  hooks: { outgoing?: (message: OutgoingMessage) => OutgoingMessage; sent?: () => void } = {},
): TransportExtras {
  const { sendTracked, onDelivery, checkNumber, lidForPhone, setComposing, personIds } = transport;
  const outgoing = hooks.outgoing ?? ((message: OutgoingMessage) => message);
  return {
    ...(sendTracked
      ? {
          sendTracked: async (chatId, message) => {
            const ref = await sendTracked.call(transport, chatId, outgoing(message));
            hooks.sent?.();
            return ref;
          },
        }
      : {}),
    ...(onDelivery ? { onDelivery: onDelivery.bind(transport) } : {}),
    ...(checkNumber ? { checkNumber: checkNumber.bind(transport) } : {}),
    ...(lidForPhone ? { lidForPhone: lidForPhone.bind(transport) } : {}),
    ...(setComposing ? { setComposing: setComposing.bind(transport) } : {}),
    ...(personIds ? { personIds: personIds.bind(transport) } : {}),
  };
}

/** WhatsApp's practical limit for one text message. Replies are cut below it. */
export const MAX_TEXT_LENGTH = 4096;
