import type { IncomingMessage, MessageHandler, OutgoingMessage, Transport } from './transport.js';

/** One message the bot sent, as recorded by the in-memory transport. */
export interface SentMessage {
  chatId: string;
  message: OutgoingMessage;
}

/** A transport that lives in memory: tests and benchmarks push messages in and read replies back. */
export interface MemoryTransport extends Transport {
  /** Everything sent so far, in order. */
  readonly sent: SentMessage[];
  /** Hands an incoming message to the handler given to `start` and waits for it to finish. */
  deliver(message: IncomingMessage): Promise<void>;
  /** Forgets the recorded messages. */
  clear(): void;
}

export interface MemoryTransportOptions {
  /** Ids the bot answers to when mentioned (e.g. `directChat('51900000000')`, see ids.ts). */
  selfIds?: string[];
  /** Called on every send, after recording it (e.g. to attribute replies). */
  onSend?(sent: SentMessage): void;
}

/** Creates the in-memory transport; `send` works before `start` so it can be wired first. */
export function createMemoryTransport(options: MemoryTransportOptions = {}): MemoryTransport {
  const sent: SentMessage[] = [];
  let handler: MessageHandler | undefined;
  return {
    name: 'memory',
    sent,
    selfIds: () => options.selfIds ?? [],
    async start(next) {
      handler = next;
    },
    async stop() {
      handler = undefined;
    },
    async send(chatId, message) {
      const record = { chatId, message };
      sent.push(record);
      options.onSend?.(record);
    },
    async deliver(message) {
      if (!handler) throw new Error('memory transport: deliver() before start()');
      await handler(message);
    },
    clear() {
      sent.length = 0;
    },
  };
}
