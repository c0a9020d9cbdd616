import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { AuthKeyChange, AuthRowStore } from '../../../store/auth-state.js';

/**
 * Baileys auth state over SQLite rows (never `useMultiFileAuthState`): creds saved whole on
 * every update, every v7 key type BufferJSON-serialised, each `keys.set` one transaction, all
 * behind `makeCacheableSignalKeyStore`. A crash at any moment leaves the last committed state.
 */
export interface BaileysAuth {
  /** Pass as `auth` to every socket; `creds` is replaced by `clear()`. */
  readonly state: AuthenticationState;
  /** Persists the whole creds object (after merging a `creds.update` payload). */
  saveCreds(update?: Partial<AuthenticationCreds>): void;
  /** Forgets the session (401 logout): rows deleted, fresh creds in memory. */
  clear(): Promise<void>;
  /** True once a device pairing succeeded (`creds.account` is set by pair-success, QR or code). */
  isPaired(): boolean;
  /**
   * `requestPairingCode` writes a provisional `creds.me` before the phone confirms; if the code
   * expired unused, the next socket would try to LOG IN with it and fail. Drop it instead so the
   * next socket registers again (new QR / new code). Returns true when something was reset.
   */
  resetUnfinishedPairing(): boolean;
}

export const SIGNAL_KEY_TYPES: readonly (keyof SignalDataTypeMap)[] = [
  'pre-key',
  'session',
  'sender-key',
  'sender-key-memory',
  'app-state-sync-key',
  'app-state-sync-version',
  'lid-mapping',
  'device-list',
  'tctoken',
  'identity-key',
];

function serialize(value: unknown): string {
  return JSON.stringify(value, BufferJSON.replacer);
}

function deserialize<T>(text: string): T {
  return JSON.parse(text, BufferJSON.reviver) as T;
}

/** The raw (uncached) key store over the rows; exported for tests of the SQLite round trip. */
export function createSqliteKeyStore(rows: AuthRowStore): SignalKeyStore {
  return {
    get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const found = rows.readKeys(type, ids);
      const data: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const [id, text] of found) {
        let value = deserialize<SignalDataTypeMap[T]>(text);
        if (type === 'app-state-sync-key' && value) {
          value = proto.Message.AppStateSyncKeyData.fromObject(
            value as object,
          ) as unknown as SignalDataTypeMap[T];
        }
        data[id] = value;
      }
      return data;
    },
    set(data: SignalDataSet) {
      function* changes(): Generator<AuthKeyChange> {
        for (const type of Object.keys(data) as (keyof SignalDataTypeMap)[]) {
          const entries = data[type];
          if (!entries) continue;
          for (const [id, value] of Object.entries(entries)) {
            // Serialised lazily, inside the transaction: a throw here rolls the whole set back.
            yield { type, id, value: value === null || value === undefined ? null : serialize(value) };
          }
        }
      }
      rows.writeKeys(changes());
    },
    clear() {
      rows.clear();
    },
  };
}

/** Loads (or initialises) the session from the rows and wraps the keys in Baileys' cache. */
export function createBaileysAuth(rows: AuthRowStore, logger?: Logger): BaileysAuth {
  const stored = rows.readCreds();
  const state: { creds: AuthenticationCreds; keys: SignalKeyStore } = {
    creds: stored ? deserialize<AuthenticationCreds>(stored) : initAuthCreds(),
    keys: makeCacheableSignalKeyStore(createSqliteKeyStore(rows), logger),
  };
  return {
    state,
    saveCreds(update) {
      if (update && update !== state.creds) Object.assign(state.creds, update);
      rows.writeCreds(serialize(state.creds));
    },
    async clear() {
      await state.keys.clear?.();
      rows.clear();
      state.creds = initAuthCreds();
    },
    isPaired: () => Boolean(state.creds.account),
    resetUnfinishedPairing() {
      if (state.creds.account || !state.creds.me) return false;
      delete state.creds.me;
      state.creds.pairingCode = undefined;
      state.creds.registered = false;
      rows.writeCreds(serialize(state.creds));
      return true;
    },
  };
}
