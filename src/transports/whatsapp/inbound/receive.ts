import type { BaileysEventMap, GroupMetadata, WAMessage } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { DedupStore, PendingMessage } from '../../../store/dedup.js';
import type { EditStore } from '../../../store/edits.js';
import { boundMessage } from './bounds.js';
import { rememberSecret, unwrapSecretEdit } from './edit-secret.js';
import type { GroupMetadataCache } from '../connection/groups.js';
import {
  deserializeIncoming,
  missingCounterparts,
  type ParsedMessage,
  parseWAMessage,
  senderIdsFromGroup,
  serializeIncoming,
  toIncomingMessage,
} from './message.js';
import { baileysMediaOpener, documentInfo, incomingDocument } from './media.js';
import { LruMap, type SocketLike, withTimeout } from '../connection/socket.js';
import type { MessageHandler } from '../../transport.js';

export interface ReceiverOptions {
  dedup: DedupStore;
  groups: GroupMetadataCache;
  logger: Logger;
  maxMessageAgeSeconds: number;
  /** Bound on LID-mapping and group-metadata lookups while handling a message (default 3 s). */
  lookupTimeoutMs?: number;
  now: () => number;
  /** Message secrets, to read secret-encrypted edits; without it such edits are skipped. */
  edits?: EditStore;
}

/**
 * The receiving half of the transport: `messages.upsert` (notify AND append) → skip / dedupe →
 * sender ids on both LID and PN forms → the bot's handler. Handlers run concurrently (a slow
 * lookup does not hold the chat back); `idle()` lets a shutdown wait for them.
 *
 * Answered at least once, and in practice exactly once: a message is claimed 'pending' (with its
 * raw form) before handling, marked 'done' after, and a claim a crash left pending is re-handled
 * once on the next start (`loadPending` + `replayPending`).
 */
export class MessageReceiver {
  /** Raw messages by id, so a reply can quote the message it answers. */
  readonly quoted = new LruMap<string, WAMessage>(1000);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly groupFetches = new Map<string, Promise<GroupMetadata | undefined>>();
  private handler: MessageHandler | undefined;
  private recovered: PendingMessage[] = [];

  constructor(private readonly options: ReceiverOptions) {}

  /** Starts (a handler) or stops (undefined) taking messages. */
  accept(handler: MessageHandler | undefined): void {
    this.handler = handler;
  }

  /**
   * Takes the claims a previous run left pending (it died, or its handler threw, mid-handling).
   * Call once before the first socket, so claims of this run are never mistaken for them.
   */
  loadPending(): void {
    this.recovered = this.options.dedup.pending();
  }

  /**
   * Re-handles, once, what `loadPending` found. Called as a socket opens, before that socket's
   * messages are taken: these are older than anything arriving now, and handling needs an open
   * socket (group metadata, LID mapping). A redelivery of the same message is refused by its
   * claim either way, so the order never causes a double answer.
   */
  replayPending(sock: SocketLike): void {
    const handler = this.handler;
    if (!handler || this.recovered.length === 0) return;
    const { dedup, logger, maxMessageAgeSeconds } = this.options;
    const nowMs = this.options.now();
    for (const row of this.recovered.splice(0)) {
      const key = [row.chatId, row.participant, row.messageId] as const;
      if (row.replays > 0) {
        dedup.done(...key);
        logger.error({ id: row.messageId }, 'message still unanswered after its re-handling; giving up');
        continue;
      }
      const raw = row.raw === undefined ? undefined : deserializeIncoming(row.raw);
      const bounded = raw ? boundMessage(raw).ok : false;
      const result = raw ? parseWAMessage(raw, { nowMs, maxAgeSeconds: maxMessageAgeSeconds }) : undefined;
      if (!raw || !bounded || !result?.ok || nowMs - row.at > maxMessageAgeSeconds * 1000) {
        dedup.done(...key);
        logger.warn(
          { id: row.messageId, reason: result && !result.ok ? result.reason : 'too-old-or-unreadable' },
          'unfinished message from a previous run not re-handled',
        );
        continue;
      }
      if (!dedup.startReplay(...key)) continue;
      logger.info({ id: row.messageId }, 're-handling a message a previous run did not finish');
      this.dispatch(sock, raw, result.message, handler);
    }
  }

  /** Waits for running handlers, at most `timeoutMs`. */
  async idle(timeoutMs: number): Promise<void> {
    if (this.inFlight.size > 0) await withTimeout(Promise.allSettled([...this.inFlight]), timeoutMs);
  }

  onUpsert(sock: SocketLike, event: BaileysEventMap['messages.upsert']): void {
    const handler = this.handler;
    if (!handler || (event.type !== 'notify' && event.type !== 'append')) return;
    const nowMs = this.options.now();
    // Each message on its own: one that throws (a crafted shape) never stops the rest of the batch.
    for (const received of event.messages) {
      try {
        this.take(sock, received, event.type, nowMs, handler);
      } catch (error) {
        this.options.logger.error(
          { id: received?.key?.id, error: errorShape(error) },
          'received message could not be read; skipped',
        );
      }
    }
  }

  /** One upserted message: bound its shape, skip / dedupe, then dispatch to the handler. */
  private take(
    sock: SocketLike,
    received: WAMessage,
    type: BaileysEventMap['messages.upsert']['type'],
    nowMs: number,
    handler: MessageHandler,
  ): void {
    const { logger, dedup } = this.options;
    const bounded = boundMessage(received);
    if (!bounded.ok) {
      logger.warn({ id: received.key?.id, reason: bounded.reason }, 'message skipped');
      return;
    }
    if (bounded.cut > 0)
      logger.info({ id: received.key?.id, cut: bounded.cut }, 'deep quotes cut from a message');
    const raw = this.readable(received);
    if (!raw) return;
    const result = parseWAMessage(raw, { nowMs, maxAgeSeconds: this.options.maxMessageAgeSeconds });
    if (!result.ok) {
      logger.debug({ id: raw.key?.id, reason: result.reason }, 'message skipped');
      return;
    }
    const parsed = result.message;
    // Claimed 'pending' (persisted with the raw message) BEFORE handling: every repeat is
    // refused, and a crash mid-handling leaves the claim for one re-handling on the next start.
    const claimed = dedup.claim(
      parsed.dedupChat,
      parsed.dedupParticipant,
      parsed.dedupId,
      serializeIncoming(raw),
    );
    if (!claimed) {
      logger.debug({ id: parsed.id, type }, 'duplicate message ignored');
      return;
    }
    this.dispatch(sock, raw, parsed, handler);
  }

  /**
   * Keeps the message's secret (for its future encrypted edits) and turns a secret-encrypted edit
   * into a plain one; undefined (logged) when such an edit cannot be read.
   */
  private readable(raw: WAMessage): WAMessage | undefined {
    const edits = this.options.edits;
    if (!edits) return raw;
    try {
      rememberSecret(raw, edits);
      const result = unwrapSecretEdit(raw, edits);
      if (result.kind === 'not-secret') return raw;
      if (result.kind === 'decrypted') return result.message;
      this.options.logger.info(
        { id: raw.key?.id, reason: result.reason },
        'secret-encrypted edit not readable',
      );
      return undefined;
    } catch (error) {
      this.options.logger.warn({ err: error, id: raw.key?.id }, 'could not read a secret-encrypted edit');
      return raw;
    }
  }

  private dispatch(sock: SocketLike, raw: WAMessage, parsed: ParsedMessage, handler: MessageHandler): void {
    // An edit keeps the original's raw message for quoting (the edit envelope is not quotable).
    if (!parsed.editOf || !this.quoted.get(parsed.id)) this.quoted.set(parsed.id, raw);
    const task = this.handle(sock, raw, parsed, handler).finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  private async handle(
    sock: SocketLike,
    raw: WAMessage,
    parsed: ParsedMessage,
    handler: MessageHandler,
  ): Promise<void> {
    const { logger, dedup } = this.options;
    try {
      const group = parsed.isGroup ? await this.groupFor(sock, parsed.chatId) : undefined;
      const ids = await this.completeIds(sock, senderIdsFromGroup(group, parsed.senderIds));
      const incoming = toIncomingMessage(parsed, ids, group);
      // Attached documents are fetched only if a command asks (`lote`), and size-capped then.
      const info = documentInfo(raw.message);
      if (info) {
        const reupload = sock.updateMediaMessage?.bind(sock);
        incoming.document = incomingDocument(raw, info, baileysMediaOpener(logger, reupload));
      }
      await handler(incoming);
    } catch (error) {
      // Left 'pending': the next start re-handles it once.
      logger.error({ err: error, id: parsed.id, chatId: parsed.chatId }, 'message handler failed');
      return;
    }
    // The handler returned, so its replies are durable rows in the outbox. A crash after those
    // inserts but before this mark re-handles the message once on the next start: the one
    // duplicate window left, a few microseconds wide.
    try {
      dedup.done(parsed.dedupChat, parsed.dedupParticipant, parsed.dedupId);
    } catch (error) {
      // e.g. the database was closed by a shutdown that stopped waiting for this handler
      logger.warn({ err: error, id: parsed.id }, 'could not mark a message handled');
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

/** An error as logs may show it: its type and where it was thrown, never its message (it may quote a user's text). */
function errorShape(error: unknown): { type: string; at?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const frame = error.stack
    ?.split('\n')
    .slice(1)
    .find((line) => line.trim().startsWith('at '));
  return frame ? { type: error.name, at: frame.trim() } : { type: error.name };
}
