import type { Logger } from 'pino';
import { WHATSAPP_LIMIT_DEFAULTS, type WhatsappConfig } from '../../config.js';
import { createAuthRowStore } from '../../store/auth-state.js';
import { createDedupStore, type DedupStore } from '../../store/dedup.js';
import { createEditStore } from '../../store/edits.js';
import { createCacheCrypto } from '../../store/keyed-crypto.js';
import { createLidPairsRepo, type LidPairsRepo } from '../../store/lid-pairs.js';
import { createNewChatsRepo } from '../../store/new-chats.js';
import { createOutbox, type Outbox, type OutboxOptions, SendRefusedError } from '../../store/outbox.js';
import { createSentCopiesRepo } from '../../store/sent-copies.js';
import type { SqliteDatabase } from '../../store/sqlite.js';
import { createAccountLimitsRepo } from '../../store/wa-account.js';
import { BaileysTransport } from './transport.js';
import { type BaileysAuth, createBaileysAuth } from './connection/auth.js';
import { createSessionGroupSource, GroupMetadataCache } from './connection/groups.js';
import type { PolicyOptions } from './connection/policy.js';
import type { WhatsAppStatus } from './connection/types.js';
import { createBaileysSocket, type SocketFactory } from './connection/socket.js';
import type { NoticeRenderer } from './limits/notices.js';

/**
 * Wires the WhatsApp transport from a database and the `whatsapp` config section: SQLite auth
 * state, persisted dedupe, the durable paced outbox, the group cache and its directory source.
 */
export interface WhatsAppSetupOptions {
  /** The database holding wa_creds, wa_keys, processed_messages and outbox. */
  db: SqliteDatabase;
  logger: Logger;
  whatsapp: WhatsappConfig;
  /** Defaults to the real `makeWASocket`; tests and the benchmark pass a fake. */
  createSocket?: SocketFactory;
  onStatus?: (status: WhatsAppStatus) => void;
  /** Outbox retry knobs and the alert for a message that failed for good (`onFailed`). */
  outboxOptions?: Pick<
    OutboxOptions,
    'onFailed' | 'maxFailures' | 'retryDelayMs' | 'deferredRetryMs' | 'now'
  >;
  policy?: Partial<PolicyOptions>;
  stableOpenMs?: number;
  random?: () => number;
  now?: () => number;
  /**
   * Renders what the transport tells a group itself (`whatsapp-retenido`: its messages to drivers
   * are held); without it holds still work, the group is just not told.
   */
  templates?: NoticeRenderer;
}

export interface WhatsAppSetup {
  transport: BaileysTransport;
  auth: BaileysAuth;
  dedup: DedupStore;
  outbox: Outbox;
  groups: GroupMetadataCache;
  /** For the group directory when no messaging host is configured (spec record 2.16). */
  groupSource: ReturnType<typeof createSessionGroupSource>;
  /** LID ↔ phone pairs learnt from rosters (a mention's LID → the number a feature needs). */
  lidPairs: LidPairsRepo;
}

/** Builds the WhatsApp transport together with the stores it runs on (auth, dedupe, outbox, groups). */
export function createWhatsAppSetup(options: WhatsAppSetupOptions): WhatsAppSetup {
  const { db, logger, whatsapp } = options;
  const auth = createBaileysAuth(createAuthRowStore(db), logger.child({ module: 'wa-auth' }));
  // Claims must outlive the oldest message we would still answer.
  const dedup = createDedupStore(db, {
    retentionMs: Math.max(7 * 24 * 3600, whatsapp.maxMessageAgeSeconds * 2) * 1000,
  });
  const late: { transport?: BaileysTransport } = {}; // the outbox is built before the transport
  const outbox = createOutbox({
    db,
    logger: logger.child({ module: 'outbox' }),
    ...whatsapp.outbox,
    ...options.outboxOptions,
    // A message the outbox gave up on is a failed delivery too (code 'send-error').
    onFailed: (item, error) => {
      late.transport?.reportDelivery({
        messageId: item.waId,
        chatId: item.chatId,
        state: 'failed',
        // Refused here (a number WhatsApp says has no account), or our own send failed for good.
        code: error instanceof SendRefusedError ? error.code : 'send-error',
        outboxId: item.id,
        at: (options.now ?? Date.now)(),
      });
      options.outboxOptions?.onFailed?.(item, error);
    },
    ...(options.random ? { random: options.random } : {}),
  });
  const groups = new GroupMetadataCache();
  const lidPairs = createLidPairsRepo(db);
  const now = options.now ?? Date.now;
  const copies = whatsapp.sentCopies ?? WHATSAPP_LIMIT_DEFAULTS.sentCopies;
  const transport = new BaileysTransport({
    createSocket: options.createSocket ?? createBaileysSocket,
    edits: createEditStore(db),
    auth,
    dedup,
    outbox,
    groups,
    logger,
    maxMessageAgeSeconds: whatsapp.maxMessageAgeSeconds,
    shutdownFlushMs: whatsapp.shutdownFlushMs,
    ...(whatsapp.waVersion ? { waVersion: whatsapp.waVersion } : {}),
    ...(whatsapp.pairPhone ? { pairPhone: whatsapp.pairPhone } : {}),
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.stableOpenMs !== undefined ? { stableOpenMs: options.stableOpenMs } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.now ? { now: options.now } : {}),
    limits: {
      account: createAccountLimitsRepo(db),
      chats: createNewChatsRepo(db),
      pairs: lidPairs,
      copies: createSentCopiesRepo(
        db,
        { crypto: createCacheCrypto(db), days: copies.days, maxBytes: copies.maxMegabytes * 1024 * 1024 },
        now,
      ),
      dailyCap: whatsapp.newChats?.dailyCap ?? WHATSAPP_LIMIT_DEFAULTS.newChats.dailyCap,
      render: options.templates,
    },
  });
  late.transport = transport;
  return {
    transport,
    auth,
    dedup,
    outbox,
    groups,
    groupSource: createSessionGroupSource(groups),
    lidPairs,
  };
}
