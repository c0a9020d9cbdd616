import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWhatsAppState } from '../../../../src/ops/whatsapp-state.js';
import { startTestTransport, type TestTransport, waitFor } from '../../../helpers/fake-socket.js';

let dir: string;
let t: TestTransport;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-relink-'));
});

afterEach(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pairing from the console', () => {
  it('asks the waiting socket for a pairing code and reports it as a status', async () => {
    t = await startTestTransport({ dir });
    await waitFor(() => t.fake.sockets.length === 1);
    t.fake.latest().emitQr();
    expect(await t.transport.requestPairingCode('+51 987 654 321')).toBe('ABCD1234');
    expect(t.fake.latest().pairingRequests).toEqual(['51987654321']);
    expect(t.statuses).toContainEqual({ kind: 'pairing-code', code: 'ABCD1234', phone: '51987654321' });
  });

  it('refuses a pairing code while the connection is open', async () => {
    t = await startTestTransport({ dir });
    await waitFor(() => t.fake.sockets.length === 1);
    t.fake.latest().open();
    await expect(t.transport.requestPairingCode('51987654321')).rejects.toThrow('not waiting for pairing');
  });

  it('unlinks: logs out, clears the saved session and reconnects to offer a new QR', async () => {
    t = await startTestTransport({ dir });
    await waitFor(() => t.fake.sockets.length === 1);
    t.fake.latest().pairAndRestart();
    await waitFor(() => t.fake.sockets.length === 2);
    const linked = t.fake.latest();
    let loggedOut = false;
    Object.assign(linked, {
      logout: async () => {
        loggedOut = true;
        linked.close(401);
      },
    });
    linked.open();
    await waitFor(() => t.transport.isOpen());
    expect(t.auth.isPaired()).toBe(true);
    await t.transport.relink();
    await waitFor(() => t.fake.sockets.length === 3, 5000, 'a new socket after unlinking');
    expect(loggedOut).toBe(true);
    expect(t.auth.isPaired()).toBe(false);
    expect(t.statuses.some((s) => s.kind === 'stopped')).toBe(false); // no stop: it pairs again
    const state = createWhatsAppState();
    for (const status of t.statuses) state.update(status);
    t.fake.latest().emitQr('2@nuevo,qr');
    state.update(t.statuses.at(-1) ?? { kind: 'restarting' });
    expect(state.snapshot()).toMatchObject({ connection: 'pairing', qr: { value: '2@nuevo,qr' } });
    expect(state.snapshot().linkedNumber).toBeUndefined(); // the old number is no longer linked
  });
});
