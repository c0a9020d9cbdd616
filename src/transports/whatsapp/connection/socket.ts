import makeWASocket, {
  type AuthenticationCreds,
  type BinaryNode,
  type BaileysEventEmitter,
  Browsers,
  type CacheStore,
  type Contact,
  DEFAULT_CONNECTION_CONFIG,
  type GroupMetadata,
  isJidBroadcast,
  isJidNewsletter,
  type proto,
  type SignalRepositoryWithLIDStore,
  type UserFacingSocketConfig,
  type WAMessageKey,
  type WASocket,
  type WAVersion,
} from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { BaileysAuth } from './auth.js';
import type { BaileysLogger } from './log.js';

/**
 * The narrow slice of a Baileys socket the transport uses. Production passes `makeWASocket`;
 * tests pass a fake built on Baileys' own event emitter, so both run the same transport code.
 */
export interface SocketLike {
  ev: Pick<BaileysEventEmitter, 'on'>;
  authState: { creds: AuthenticationCreds };
  readonly user?: Contact | undefined;
  signalRepository: {
    lidMapping: Pick<SignalRepositoryWithLIDStore['lidMapping'], 'getPNForLID' | 'getLIDForPN'> &
      Partial<Pick<SignalRepositoryWithLIDStore['lidMapping'], 'storeLIDPNMappings'>>;
  };
  sendMessage: WASocket['sendMessage'];
  groupFetchAllParticipating: WASocket['groupFetchAllParticipating'];
  groupMetadata: (jid: string) => Promise<GroupMetadata>;
  /** Re-requests expired media (documents for `lote`); optional so fakes may leave it out. */
  updateMediaMessage?: WASocket['updateMediaMessage'];
  requestPairingCode: (phoneNumber: string) => Promise<string>;
  /** `{ jid, exists }` per number (rc14 returns no LID: ask `lidMapping.getLIDForPN`). */
  onWhatsApp: WASocket['onWhatsApp'];
  sendPresenceUpdate: WASocket['sendPresenceUpdate'];
  /** The raw stanza emitter: `CB:ack,class:message` carries the server acks Baileys drops. */
  ws?: { on(event: string, listener: (node: BinaryNode) => void): unknown };
  /** The reach-out time lock (emits `connection.update { reachoutTimeLock }` too); fakes may leave it out. */
  fetchAccountReachoutTimelock?: WASocket['fetchAccountReachoutTimelock'];
  /** The new-chat message cap (`{ total_quota, used_quota, … }`); emits nothing. */
  fetchNewChatMessageCap?: WASocket['fetchNewChatMessageCap'];
  /** Unlinks this device from the phone (the console's "unlink and pair again"). */
  logout?: (msg?: string) => Promise<void>;
  /** Closes the socket WITHOUT logging out (the session stays paired). */
  end: (error: Error | undefined) => void | Promise<void>;
}

export type SocketConfig = UserFacingSocketConfig;
export type SocketFactory = (config: SocketConfig) => SocketLike;

/** The real factory. The assignment also proves at compile time that WASocket fits SocketLike. */
export const createBaileysSocket: SocketFactory = (config) => {
  const socket: WASocket = makeWASocket(config);
  return socket;
};

/** The WA Web version bundled with the pinned Baileys (no network call to fetch the latest). */
export const BUNDLED_WA_VERSION: WAVersion = DEFAULT_CONNECTION_CONFIG.version;

/** Tiny TTL cache implementing Baileys' CacheStore (msgRetryCounterCache; created once). */
export class MemoryCacheStore implements CacheStore {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();

  constructor(
    private readonly ttlMs = 60 * 60 * 1000,
    private readonly maxEntries = 10_000,
  ) {}

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set<T>(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  del(key: string): void {
    this.entries.delete(key);
  }

  flushAll(): void {
    this.entries.clear();
  }
}

/** Small insertion-ordered LRU (raw incoming messages kept so replies can quote them). */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
  }
}

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

export interface SocketConfigDeps {
  auth: BaileysAuth;
  logger: Logger;
  /** The logger Baileys gets, when the caller wraps it (decrypt-failure rate limit); else derived. */
  baileysLogger?: BaileysLogger;
  waVersion?: WAVersion | undefined;
  msgRetryCounterCache: CacheStore;
  cachedGroupMetadata: (jid: string) => Promise<GroupMetadata | undefined>;
  getMessage: (key: WAMessageKey) => Promise<proto.IMessage | undefined>;
}

/** Baileys' own logs at warn at most (they are very chatty), below the app's level. */
export function baileysLogger(logger: Logger): Logger {
  const values = logger.levels.values;
  const level = (values[logger.level] ?? 0) > (values.warn ?? 40) ? logger.level : 'warn';
  return logger.child({ module: 'baileys' }, { level });
}

/** The options every socket gets (one place, so production and tests agree). */
export function buildSocketConfig(deps: SocketConfigDeps): SocketConfig {
  return {
    auth: deps.auth.state,
    version: deps.waVersion ?? BUNDLED_WA_VERSION,
    browser: Browsers.macOS('Chrome'),
    logger: deps.baileysLogger ?? baileysLogger(deps.logger),
    markOnlineOnConnect: false,
    cachedGroupMetadata: deps.cachedGroupMetadata,
    getMessage: deps.getMessage,
    msgRetryCounterCache: deps.msgRetryCounterCache,
    shouldIgnoreJid: (jid) => Boolean(isJidBroadcast(jid) || isJidNewsletter(jid)),
  };
}
