import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GroupMetadata } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/app/database.js';
import { createCacheCrypto } from '../../../../src/store/keyed-crypto.js';
import { createLidPairsRepo } from '../../../../src/store/lid-pairs.js';
import { createSentCopiesRepo } from '../../../../src/store/sent-copies.js';
import {
  FakeWhatsApp,
  startTestTransport,
  type TestTransport,
  waitFor,
} from '../../../helpers/fake-socket.js';

/**
 * Groups that repair themselves ("Esperando el mensaje", Baileys #2704, #2297; Evolution API
 * #2705), on a fake socket whose group send picks sender-key recipients as rc14's `relayMessage`
 * does: a retry request for a message we do not have is answered with nothing, a member or device
 * change makes the next send give the sender key again, retry receipts are reported per group, and
 * a roster teaches LID ↔ phone pairs that outlive the process.
 */
const GROUP = '120363000000000001@g.us';
const ROSA = { lid: '211111111111111@lid', pn: '51911111111@s.whatsapp.net' };
const LUIS = { lid: '222222222222222@lid', pn: '51922222222@s.whatsapp.net' };

let dir: string;
let server: FakeWhatsApp;
const running: TestTransport[] = [];

/** Polls an asynchronous condition (the key store is asynchronous). */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function group(participants: GroupMetadata['participants']): GroupMetadata {
  return { id: GROUP, subject: 'Despacho Lima', addressingMode: 'lid', participants } as GroupMetadata;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-wa-repair-'));
  server = new FakeWhatsApp();
  // A LID-addressed group: each member's id is its LID, with its phone number beside it.
  server.groups[GROUP] = group([
    { id: ROSA.lid, phoneNumber: ROSA.pn, admin: null },
    { id: LUIS.lid, phoneNumber: LUIS.pn, admin: null },
  ]);
});

afterEach(async () => {
  for (const t of running.splice(0)) await t.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function opened(): Promise<TestTransport> {
  const t = await startTestTransport({ dir, server });
  running.push(t);
  t.fake.latest().open();
  await waitFor(() => t.groups.get(GROUP) !== undefined, 2000, 'the roster fetched');
  return t;
}

/** Sends one text to the group; the sender-key recipients of that send. */
async function send(t: TestTransport, text: string): Promise<string[]> {
  const before = server.sent.length;
  await t.transport.send(GROUP, { kind: 'text', text });
  await waitFor(() => server.sent.length === before + 1, 2000, `«${text}» sent`);
  return server.sent.at(-1)?.senderKeyTo ?? [];
}

describe('group delivery that repairs itself', () => {
  it('answers a retry request for an unknown id with nothing, never an empty message, and a known one with its sealed copy', async () => {
    const t = await opened();
    await send(t, 'enviado');
    await waitFor(() => t.outbox.pendingCount() === 0);
    const id = server.sent[0]?.options?.messageId ?? '';
    const getMessage = t.fake.latest().config.getMessage;
    expect(
      await getMessage?.({ id: '3EB0NOTOURS0000000000', remoteJid: GROUP, fromMe: true }),
    ).toBeUndefined();
    expect((await getMessage?.({ id, remoteJid: GROUP, fromMe: true }))?.extendedTextMessage?.text).toBe(
      'enviado',
    );
    // The copy is sealed at rest (no text, no chat id), and the outbox keeps no readable copy.
    const row = t.db.prepare('SELECT * FROM wa_sent_copies WHERE wa_id = ?').get(id) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(row)).not.toContain('enviado');
    expect(JSON.stringify(row)).not.toContain(GROUP);
    expect(t.db.prepare('SELECT wa_message FROM outbox').get()).toEqual({ wa_message: null });
    // A copy without content (damaged, or an empty message) is a miss too, not an empty answer.
    createSentCopiesRepo(t.db, { crypto: createCacheCrypto(t.db), days: 14, maxBytes: 1e6 }).put(
      '3EB0EMPTY',
      '{}',
      Date.now(),
    );
    expect(await getMessage?.({ id: '3EB0EMPTY', remoteJid: GROUP, fromMe: true })).toBeUndefined();
  });

  it('a participant change makes the next send give the sender key to every member again', async () => {
    const t = await opened();
    expect(await send(t, 'uno')).toEqual([ROSA.lid, LUIS.lid]);
    expect(await send(t, 'dos')).toEqual([]); // rc14 remembers who has the key
    // Luis changes phone: WhatsApp reports it as a `modify` of the participant.
    t.fake.latest().ev.emit('group-participants.update', {
      id: GROUP,
      author: ROSA.lid,
      participants: [{ id: LUIS.lid, phoneNumber: '51933333333@s.whatsapp.net', admin: null }],
      action: 'modify',
    });
    await until(
      async () => {
        const memory = await t.auth.state.keys.get('sender-key-memory', [GROUP]);
        return !memory[GROUP];
      },
      2000,
      'the group’s sender-key memory reset',
    );
    expect(await send(t, 'tres')).toEqual([ROSA.lid, LUIS.lid]);
  });

  it('a member’s new device or new identity key makes the next send give them (only them) the key again', async () => {
    const t = await opened();
    await send(t, 'uno');
    server.devices.set(LUIS.lid, ['222222222222222:3@lid']);
    // A new device: Luis's entries are forgotten; his new device and his phone get the key.
    t.fake.latest().devicesChanged(LUIS.pn);
    await until(
      async () => {
        const memory = (await t.auth.state.keys.get('sender-key-memory', [GROUP]))[GROUP] ?? {};
        return memory[LUIS.lid] === undefined && memory[ROSA.lid] === true;
      },
      2000,
      'Luis forgotten',
    );
    expect(await send(t, 'dos')).toEqual([LUIS.lid, '222222222222222:3@lid']);
    // Rosa reinstalls (same device id, new identity): only she gets the key again.
    t.fake.latest().identityChanged(ROSA.lid);
    await until(
      async () => {
        const memory = (await t.auth.state.keys.get('sender-key-memory', [GROUP]))[GROUP] ?? {};
        return memory[ROSA.lid] === undefined;
      },
      2000,
      'Rosa forgotten',
    );
    expect(await send(t, 'tres')).toEqual([ROSA.lid]);
  });

  it('reports retry receipts per group', async () => {
    const t = await opened();
    await send(t, 'uno');
    const id = server.sent[0]?.options?.messageId ?? '';
    t.fake.latest().retryReceipt(id, GROUP, ROSA.lid);
    t.fake.latest().retryReceipt(id, GROUP, LUIS.lid);
    expect(t.statuses.filter((s) => s.kind === 'retry-receipt')).toEqual([
      { kind: 'retry-receipt', chatId: GROUP },
      { kind: 'retry-receipt', chatId: GROUP },
    ]);
  });

  it('learns LID ↔ phone pairs from the roster, keeps them, and tells Baileys’ own mapping', async () => {
    const t = await opened();
    await waitFor(() => createLidPairsRepo(t.db).count() === 2, 2000, 'the pairs kept');
    expect(t.transport.personIds(LUIS.lid)).toEqual([LUIS.pn, LUIS.lid]);
    expect(t.transport.personIds(ROSA.pn)).toEqual([ROSA.pn, ROSA.lid]);
    expect(server.lidToPn.get(ROSA.lid)).toBe(ROSA.pn);
    // A member added later (id = phone number, LID beside it) is learnt from the update.
    t.fake.latest().ev.emit('group-participants.update', {
      id: GROUP,
      author: ROSA.lid,
      participants: [{ id: '51944444444@s.whatsapp.net', lid: '244444444444444@lid', admin: null }],
      action: 'add',
    });
    await waitFor(
      () => createLidPairsRepo(t.db).phoneFor('244444444444444@lid') === '51944444444',
      2000,
      'learnt',
    );
    await t.close();
    running.splice(0);
    // Kept in the database (not in the WhatsApp session a relink clears): read offline too.
    const db = openDatabase({ dir });
    try {
      expect(createLidPairsRepo(db).phoneFor(LUIS.lid)).toBe('51922222222');
      expect(createLidPairsRepo(db).lidFor('51944444444')).toBe('244444444444444@lid');
    } finally {
      db.close();
    }
  });
});
