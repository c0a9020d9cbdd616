import { initAuthCreds, proto, type SignalDataSet } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { createAuthRowStore } from '../../../../src/store/auth-state.js';
import type { SqliteDatabase } from '../../../../src/app/database.js';
import {
  createBaileysAuth,
  createSqliteKeyStore,
  SIGNAL_KEY_TYPES,
} from '../../../../src/transports/whatsapp/connection/auth.js';
import { useTempDatabase } from '../../../helpers/temp-database.js';

let db: SqliteDatabase;
const temp = useTempDatabase('chasqui-auth-', (opened) => (db = opened));
const reopen = () => temp.reopen();

const bytes = (...values: number[]) => Buffer.from(values);

/** One value of every v7 key type, shaped as Baileys writes them. */
const EVERY_TYPE: SignalDataSet = {
  'pre-key': { '1': { public: bytes(1, 2, 3), private: bytes(4, 5, 6) } },
  session: { '51987654321.0': new Uint8Array([7, 8, 9]) },
  'sender-key': { '120363000000000001@g.us::99900000001::0': bytes(10, 11) },
  'sender-key-memory': { '120363000000000001@g.us': { '51987654321:0@s.whatsapp.net': true } },
  'app-state-sync-key': {
    AAAAAPwD: proto.Message.AppStateSyncKeyData.fromObject({
      keyData: bytes(12, 13, 14),
      fingerprint: { rawId: 5, currentIndex: 2, deviceIndexes: [0, 1] },
      timestamp: 1_700_000_000,
    }),
  },
  'app-state-sync-version': {
    regular_high: {
      version: 12,
      hash: bytes(15, 16),
      indexValueMap: { 'aW5kZXg=': { valueMac: bytes(17) } },
    },
  },
  'lid-mapping': { '51987654321': '123456789012345', '123456789012345_reverse': '51987654321' },
  'device-list': { '51987654321': ['0', '12'] },
  tctoken: { '51987654321@s.whatsapp.net': { token: bytes(18, 19), timestamp: '1700000000' } },
  'identity-key': { '51987654321.0': bytes(20, 21, 22) },
};

describe('SQLite auth state', () => {
  it('round-trips every v7 key type through SQLite, surviving close and reopen', async () => {
    expect(Object.keys(EVERY_TYPE).sort()).toEqual([...SIGNAL_KEY_TYPES].sort());
    await createSqliteKeyStore(createAuthRowStore(db)).set(EVERY_TYPE);
    const keys = createSqliteKeyStore(createAuthRowStore(reopen()));

    for (const type of SIGNAL_KEY_TYPES) {
      const wanted = EVERY_TYPE[type] ?? {};
      const got = await keys.get(type, Object.keys(wanted));
      expect(Object.keys(got).sort(), type).toEqual(Object.keys(wanted).sort());
    }
    const preKey = (await keys.get('pre-key', ['1']))['1'];
    expect(Buffer.from(preKey?.private ?? [])).toEqual(bytes(4, 5, 6));
    expect(Buffer.from((await keys.get('session', ['51987654321.0']))['51987654321.0'] ?? [])).toEqual(
      bytes(7, 8, 9),
    );
    expect(
      (await keys.get('sender-key-memory', ['120363000000000001@g.us']))['120363000000000001@g.us'],
    ).toEqual({
      '51987654321:0@s.whatsapp.net': true,
    });
    const version = (await keys.get('app-state-sync-version', ['regular_high'])).regular_high;
    expect(version?.version).toBe(12);
    expect(Buffer.isBuffer(version?.hash)).toBe(true);
    expect(version?.indexValueMap['aW5kZXg=']?.valueMac).toEqual(bytes(17));
    const mapping = await keys.get('lid-mapping', ['51987654321', '123456789012345_reverse']);
    expect(mapping).toEqual({ '51987654321': '123456789012345', '123456789012345_reverse': '51987654321' });
    expect((await keys.get('device-list', ['51987654321']))['51987654321']).toEqual(['0', '12']);
    expect(
      (await keys.get('tctoken', ['51987654321@s.whatsapp.net']))['51987654321@s.whatsapp.net']?.token,
    ).toEqual(bytes(18, 19));
  });

  it('rebuilds app-state-sync-key values as protobuf AppStateSyncKeyData', async () => {
    await createSqliteKeyStore(createAuthRowStore(db)).set(EVERY_TYPE);
    const keys = createSqliteKeyStore(createAuthRowStore(reopen()));
    const value = (await keys.get('app-state-sync-key', ['AAAAAPwD'])).AAAAAPwD;
    expect(value).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(value?.keyData ?? [])).toEqual(bytes(12, 13, 14));
    expect(value?.fingerprint?.deviceIndexes).toEqual([0, 1]);
  });

  it('deletes keys set to null and omits unknown ids', async () => {
    const keys = createSqliteKeyStore(createAuthRowStore(db));
    await keys.set({
      'pre-key': {
        '1': { public: bytes(1), private: bytes(2) },
        '2': { public: bytes(3), private: bytes(4) },
      },
    });
    await keys.set({ 'pre-key': { '1': null } });
    expect(Object.keys(await keys.get('pre-key', ['1', '2', '3']))).toEqual(['2']);
  });

  it('applies a keys.set atomically: a throw midway leaves nothing written', async () => {
    const rows = createAuthRowStore(db);
    const keys = createSqliteKeyStore(rows);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const poisoned = {
      session: { a: bytes(1), b: bytes(2) },
      'sender-key-memory': { broken: circular as unknown as Record<string, boolean> },
      'identity-key': { c: bytes(3) },
    } satisfies SignalDataSet;
    await expect(Promise.resolve().then(() => keys.set(poisoned))).rejects.toThrow();
    expect(rows.countKeys()).toBe(0);
  });

  it('saves creds with their Buffers and loads the same session after a restart', () => {
    const auth = createBaileysAuth(createAuthRowStore(db));
    const original = auth.state.creds.noiseKey.private;
    auth.saveCreds({ me: { id: '51900000001:7@s.whatsapp.net', name: 'Chasqui' }, registered: true });
    const again = createBaileysAuth(createAuthRowStore(reopen()));
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(Buffer.from(original));
    expect(again.state.creds.signedPreKey.signature).toEqual(auth.state.creds.signedPreKey.signature);
    expect(again.state.creds.me?.id).toBe('51900000001:7@s.whatsapp.net');
    expect(again.state.creds.registered).toBe(true);
  });

  it('serves keys through the cacheable store and writes them to SQLite', async () => {
    const auth = createBaileysAuth(createAuthRowStore(db));
    await auth.state.keys.set({ 'lid-mapping': { '51911222333': '555', '555_reverse': '51911222333' } });
    const fresh = createBaileysAuth(createAuthRowStore(reopen()));
    expect(await fresh.state.keys.get('lid-mapping', ['555_reverse'])).toEqual({
      '555_reverse': '51911222333',
    });
  });

  it('clear() forgets creds and keys and starts a fresh, unpaired session (401)', async () => {
    const rows = createAuthRowStore(db);
    const auth = createBaileysAuth(rows);
    const before = auth.state.creds.advSecretKey;
    auth.saveCreds({ account: { details: bytes(1) }, me: { id: '51900000001@s.whatsapp.net' } });
    await auth.state.keys.set({ session: { x: bytes(1) } });
    expect(auth.isPaired()).toBe(true);
    await auth.clear();
    expect(rows.readCreds()).toBeUndefined();
    expect(rows.countKeys()).toBe(0);
    expect(await auth.state.keys.get('session', ['x'])).toEqual({});
    expect(auth.isPaired()).toBe(false);
    expect(auth.state.creds.advSecretKey).not.toBe(before);
  });

  it('drops a provisional pairing-code identity that was never confirmed', () => {
    const auth = createBaileysAuth(createAuthRowStore(db));
    auth.saveCreds({ me: { id: '51987654321@s.whatsapp.net', name: '~' }, pairingCode: 'ABCD1234' });
    expect(auth.resetUnfinishedPairing()).toBe(true);
    expect(auth.state.creds.me).toBeUndefined();
    expect(createBaileysAuth(createAuthRowStore(reopen())).state.creds.me).toBeUndefined();
    const paired = createBaileysAuth(createAuthRowStore(db));
    paired.saveCreds({ ...initAuthCreds(), me: { id: 'x@s.whatsapp.net' }, account: { details: bytes(1) } });
    expect(paired.resetUnfinishedPairing()).toBe(false);
  });
});
