/**
 * The seam between chat platforms and the bot. WhatsApp (Baileys), the terminal chat and the
 * in-memory test transport all turn their events into `IncomingMessage` and send `OutgoingMessage`.
 */
export interface IncomingMessage {
  /** Platform message id (WhatsApp key.id). */
  id: string;
  /** Chat id: a group JID (`...@g.us`) or a direct chat JID. */
  chatId: string;
  isGroup: boolean;
  /** Group subject when known (the allow-list may name groups). */
  chatName?: string;
  /**
   * Every known id of the sender, most specific first: e.g. `51987654321@s.whatsapp.net` and
   * `123456789@lid`. Admin lists, roles and rate limits match on any of them.
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

export interface TextMessage {
  kind: 'text';
  text: string;
  /** Ids to mention, exactly as received in `senderIds`. */
  mentions?: string[];
  /** Id of the incoming message this one answers (quoted). */
  quotedId?: string;
}

export interface DocumentMessage {
  kind: 'document';
  bytes: Uint8Array;
  fileName: string;
  mimetype: string;
  caption?: string;
  quotedId?: string;
}

export type OutgoingMessage = TextMessage | DocumentMessage;

export type MessageHandler = (message: IncomingMessage) => Promise<void>;

/** A platform connection. `send` may resolve before delivery when the transport queues (outbox). */
export interface Transport {
  readonly name: string;
  /** Ids under which the bot itself is known (to detect mentions); may be empty. */
  selfIds(): string[];
  start(handler: MessageHandler): Promise<void>;
  send(chatId: string, message: OutgoingMessage): Promise<void>;
  stop(): Promise<void>;
}

/** WhatsApp's practical limit for one text message. Replies are cut below it. */
export const MAX_TEXT_LENGTH = 4096;
