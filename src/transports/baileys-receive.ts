import type { BaileysEventMap, GroupMetadata, WAMessage } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { DedupStore } from '../store/dedup.js';
import type { GroupMetadataCache } from './baileys-groups.js';
import {
  missingCounterparts,
  type ParsedMessage,
  parseWAMessage,
  senderIdsFromGroup,
  toIncomingMessage,
} from './baileys-message.js';
import { LruMap, type SocketLike } from './baileys-socket.js';
import type { MessageHandler } from './transport.js';

/** Resolves to undefined when the promise rejects or takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

export interface ReceiverOptions {
  dedup: DedupStore;
  groups: GroupMetadataCache;
  logger: Logger;
  maxMessageAgeSeconds: number;
  /** Bound on LID-mapping and group-metadata lookups while handling a message (default 3 s). */
  lookupTimeoutMs?: number;
  now: () => number;
}

/**
 * The receiving half of the transport: `messages.upsert` (notify AND append) → skip / dedupe →
 * sender ids on both LID and PN forms → the bot's handler. Handlers run concurrently (a slow
 * lookup does not hold the chat back); `idle()` lets a shutdown wait for them.
 */
export class MessageReceiver {
  /** Raw messages by id, so a reply can quote the message it answers. */
  readonly quoted = new LruMap<string, WAMessage>(1000);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly groupFetches = new Map<string, Promise<GroupMetadata | undefined>>();
  private handler: MessageHandler | undefined;

  constructor(private readonly options: ReceiverOptions) {}

  /** Starts (a handler) or stops (undefined) taking messages. */
  accept(handler: MessageHandler | undefined): void {
    this.handler = handler;
  }

  /** Waits for running handlers, at most `timeoutMs`. */
  async idle(timeoutMs: number): Promise<void> {
    if (this.inFlight.size > 0) await withTimeout(Promise.allSettled([...this.inFlight]), timeoutMs);
  }

  onUpsert(sock: SocketLike, event: BaileysEventMap['messages.upsert']): void {
    const handler = this.handler;
    if (!handler || (event.type !== 'notify' && event.type !== 'append')) return;
    const { logger, dedup } = this.options;
    const nowMs = this.options.now();
    for (const raw of event.messages) {
      const result = parseWAMessage(raw, { nowMs, maxAgeSeconds: this.options.maxMessageAgeSeconds });
      if (!result.ok) {
        logger.debug({ id: raw.key?.id, reason: result.reason }, 'message skipped');
        continue;
      }
      const parsed = result.message;
      // Claimed (persisted) BEFORE handling: a crash mid-handling never answers twice.
      if (!dedup.claim(parsed.dedupChat, parsed.dedupParticipant, parsed.id)) {
        logger.debug({ id: parsed.id, type: event.type }, 'duplicate message ignored');
        continue;
      }
      this.quoted.set(parsed.id, raw);
      const task = this.handle(sock, parsed, handler).finally(() => this.inFlight.delete(task));
      this.inFlight.add(task);
    }
  }

  private async handle(sock: SocketLike, parsed: ParsedMessage, handler: MessageHandler): Promise<void> {
    try {
      const group = parsed.isGroup ? await this.groupFor(sock, parsed.chatId) : undefined;
      const ids = await this.completeIds(sock, senderIdsFromGroup(group, parsed.senderIds));
      await handler(toIncomingMessage(parsed, ids, group));
    } catch (error) {
      this.options.logger.error(
        { err: error, id: parsed.id, chatId: parsed.chatId },
        'message handler failed',
      );
    }
  }

  /** Cached metadata, or one (coalesced, bounded) fetch for a group the cache does not know yet. */
  private groupFor(sock: SocketLike, jid: string): Promise<GroupMetadata | undefined> {
    const cached = this.options.groups.get(jid);
    if (cached) return Promise.resolve(cached);
    let pending = this.groupFetches.get(jid);
    if (!pending) {
      pending = withTimeout(sock.groupMetadata(jid), this.options.lookupTimeoutMs ?? 3000).then((meta) => {
        this.groupFetches.delete(jid);
        if (meta) this.options.groups.upsert([meta]);
        return meta;
      });
      this.groupFetches.set(jid, pending);
    }
    return pending;
  }

  /** Adds the PN of a LID-only sender (and the LID of a PN-only one) from Baileys' LID mapping. */
  private async completeIds(sock: SocketLike, ids: string[]): Promise<string[]> {
    const { lidsWithoutPn, pnsWithoutLid } = missingCounterparts(ids);
    if (lidsWithoutPn.length === 0 && pnsWithoutLid.length === 0) return ids;
    const mapping = sock.signalRepository.lidMapping;
    const timeoutMs = this.options.lookupTimeoutMs ?? 3000;
    const found = await Promise.all([
      ...lidsWithoutPn.map((lid) => withTimeout(mapping.getPNForLID(lid), timeoutMs)),
      ...pnsWithoutLid.map((pn) => withTimeout(mapping.getLIDForPN(pn), timeoutMs)),
    ]);
    return [...ids, ...found.filter((id): id is string => Boolean(id))];
  }
}
