import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GroupMetadata, WAMessage } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeWhatsApp,
  startTestTransport,
  type TestTransport,
  waitFor,
  waText,
} from '../../../helpers/fake-socket.js';

const GROUP = '120363000000000001@g.us';
const ADMIN_LID = '123456789012345@lid';
const ADMIN_PN = '51987654321@s.whatsapp.net';

let dir: string;
let server: FakeWhatsApp;
let t: TestTransport | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-wa-recv-'));
  server = new FakeWhatsApp();
  server.groups[GROUP] = {
    id: GROUP,
    subject: 'Despacho Lima',
    owner: undefined,
    participants: [
      { id: '777@lid', phoneNumber: '51911222333@s.whatsapp.net', admin: 'admin' },
      { id: '888@lid', phoneNumber: '51922333444@s.whatsapp.net', admin: null },
    ],
  } satisfies GroupMetadata;
});

afterEach(async () => {
  await t?.close();
  t = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function openTransport(
  options: Partial<Parameters<typeof startTestTransport>[0]> = {},
): Promise<TestTransport> {
  t = await startTestTransport({ dir, server, ...options });
  t.fake.latest().open();
  await waitFor(() => t?.statuses.some((s) => s.kind === 'groups') ?? false, 2000, 'groups warmed');
  return t;
}

/** Lets pending handler promises run, then returns what was handled. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 30));
}

describe('receiving messages (fake socket)', () => {
  it('answers a duplicate and a replayed append message once, also after a restart', async () => {
    const first = await openTransport();
    const msg = waText('ruc 20123456786', {
      participant: ADMIN_LID,
      participantAlt: ADMIN_PN,
      id: '3EB0DUP1',
    });
    first.fake.latest().upsert([msg], 'notify');
    first.fake.latest().upsert([structuredClone(msg)], 'notify');
    first.fake.latest().upsert([structuredClone(msg)], 'append');
    await waitFor(() => first.received.length === 1);
    await settle();
    expect(first.received).toHaveLength(1);
    await first.close();

    const second = await openTransport(); // same data dir, new process
    second.fake.latest().upsert([structuredClone(msg)], 'append');
    // same message with LID and PN swapped (another addressing of the same delivery)
    second.fake
      .latest()
      .upsert(
        [waText('ruc 20123456786', { participant: ADMIN_PN, participantAlt: ADMIN_LID, id: '3EB0DUP1' })],
        'append',
      );
    const fresh = waText('tc', { participant: ADMIN_LID, participantAlt: ADMIN_PN });
    second.fake.latest().upsert([fresh], 'append');
    await waitFor(() => second.received.length === 1);
    await settle();
    expect(second.received.map((m) => m.text)).toEqual(['tc']);
  });

  it('re-handles once, on the next start, a message whose handler threw (a crash mid-handling)', async () => {
    const msg = waText('ruc 20123456786', { participant: ADMIN_LID, id: '3EB0CRASH1' });
    const first = await openTransport({
      handler: async () => {
        throw new Error('boom');
      },
    });
    first.fake.latest().upsert([msg]);
    await waitFor(() => first.received.length === 1);
    await first.close();
    t = undefined;

    const second = await openTransport({
      handler: async (message, self) => {
        await self.transport.send(message.chatId, { kind: 'text', text: 'RUC ok', quotedId: message.id });
      },
    });
    await waitFor(() => server.sent.length === 1, 2000, 'the reply');
    second.fake.latest().upsert([structuredClone(msg)], 'append'); // WhatsApp delivers it again
    await settle();
    expect(second.received.map((m) => m.text)).toEqual(['ruc 20123456786']);
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]?.options?.quoted?.key.id).toBe('3EB0CRASH1'); // the raw message survived
    expect(second.dedup.pending()).toEqual([]);
  });

  it('answers exactly once a message the process died handling, even when WhatsApp replays it', async () => {
    const msg = waText('tc', { participant: ADMIN_LID, participantAlt: ADMIN_PN, id: '3EB0CRASH2' });
    const first = await openTransport({ handler: () => new Promise<void>(() => {}) }); // never returns
    first.fake.latest().upsert([msg]);
    await waitFor(() => first.received.length === 1);
    first.outbox.close(); // the process dies: no 'done', the database just goes away
    first.db.close();
    t = undefined;

    const second = await startTestTransport({
      dir,
      server,
      handler: async (message, self) => {
        await self.transport.send(message.chatId, { kind: 'text', text: 'TC', quotedId: message.id });
      },
    });
    t = second;
    second.fake.latest().upsert([structuredClone(msg)], 'append'); // replayed before the open
    second.fake.latest().open();
    second.fake.latest().upsert([structuredClone(msg)], 'append'); // and after it
    await waitFor(() => server.sent.length === 1, 2000, 'the reply');
    await settle();
    expect(second.received).toHaveLength(1);
    expect(second.received[0]).toMatchObject({ id: '3EB0CRASH2', text: 'tc' });
    expect(server.sent).toHaveLength(1);
    expect(second.dedup.pending()).toEqual([]);
  });

  it('gives up on a message whose re-handling failed too, instead of retrying it on every start', async () => {
    const failing = { handler: async () => Promise.reject(new Error('boom')) };
    const first = await openTransport(failing);
    first.fake.latest().upsert([waText('ruc 20123456786', { participant: ADMIN_LID })]);
    await waitFor(() => first.received.length === 1);
    await first.close();
    const second = await openTransport(failing);
    await waitFor(() => second.received.length === 1, 2000, 'the one re-handling');
    await second.close();
    const third = await openTransport();
    await settle();
    expect(third.received).toHaveLength(0);
    expect(third.dedup.pending()).toEqual([]);
  });

  it('does not re-handle an unfinished message that has grown older than maxMessageAgeSeconds', async () => {
    const oneMinuteAgo = Math.floor(Date.now() / 1000) - 60;
    const first = await openTransport({ handler: async () => Promise.reject(new Error('boom')) });
    first.fake.latest().upsert([waText('tc', { participant: ADMIN_LID, timestamp: oneMinuteAgo })]);
    await waitFor(() => first.received.length === 1);
    await first.close();
    const second = await openTransport({ whatsapp: { maxMessageAgeSeconds: 30 } });
    await settle();
    expect(second.received).toHaveLength(0);
    expect(second.dedup.pending()).toEqual([]);
  });

  it('handles every message of a batch, and skips fromMe, stubs, broadcasts, newsletters and old ones', async () => {
    const { fake, received } = await openTransport();
    const now = Math.floor(Date.now() / 1000);
    const batch: WAMessage[] = [
      waText('propio', { fromMe: true, participant: ADMIN_LID }),
      { ...waText('stub', { participant: ADMIN_LID }), message: undefined, messageStubType: 2 },
      waText('estado', { chat: 'status@broadcast', participant: ADMIN_LID }),
      waText('lista', { chat: '1234567890@broadcast', participant: ADMIN_LID }),
      waText('canal', { chat: '120363999999@newsletter' }),
      waText('viejo', { participant: ADMIN_LID, timestamp: now - 3600 }),
      waText('primero', { participant: ADMIN_LID }),
      waText('segundo', { participant: '888@lid' }),
    ];
    fake.latest().upsert(batch, 'append');
    await waitFor(() => received.length === 2);
    await settle();
    expect(received.map((m) => m.text).sort()).toEqual(['primero', 'segundo']);
  });

  it('recognises a LID-only and a PN-only sender as the same person (LID mapping), both as group admin', async () => {
    server.lidToPn.set(ADMIN_LID, ADMIN_PN);
    server.groups[GROUP]?.participants.push({ id: ADMIN_LID, admin: 'admin' });
    const { fake, received } = await openTransport();
    fake.latest().upsert([waText('uso', { participant: ADMIN_LID })]);
    fake.latest().upsert([waText('uso', { participant: ADMIN_PN })]);
    await waitFor(() => received.length === 2);
    for (const message of received) {
      expect(message.senderIds).toEqual([ADMIN_PN, ADMIN_LID]);
      expect(message.senderIsGroupAdmin).toBe(true);
      expect(message.chatName).toBe('Despacho Lima');
    }
  });

  it('completes sender ids from group metadata even without a cached LID mapping', async () => {
    const { fake, received } = await openTransport();
    fake.latest().upsert([waText('hola', { participant: '777@lid' })]);
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({
      senderIds: ['51911222333@s.whatsapp.net', '777@lid'],
      senderIsGroupAdmin: true,
    });
    fake.latest().upsert([waText('hola', { participant: '888@lid' })]);
    await waitFor(() => received.length === 2);
    expect(received[1]?.senderIsGroupAdmin).toBe(false);
  });

  it('fetches metadata once for a group missing from the cache', async () => {
    const { fake, received, groups } = await openTransport();
    server.groups['120363000000000009@g.us'] = {
      id: '120363000000000009@g.us',
      subject: 'Nuevo',
      owner: undefined,
      participants: [],
    };
    fake.latest().upsert([waText('a', { chat: '120363000000000009@g.us', participant: '1@lid' })]);
    await waitFor(() => received.length === 1);
    expect(received[0]?.chatName).toBe('Nuevo');
    expect(groups.get('120363000000000009@g.us')?.subject).toBe('Nuevo');
  });

  it('keeps the cache current from groups.update and group-participants.update', async () => {
    const { fake, groups } = await openTransport();
    fake.latest().ev.emit('groups.update', [{ id: GROUP, subject: 'Despacho Lima Sur' }]);
    fake.latest().ev.emit('group-participants.update', {
      id: GROUP,
      author: '777@lid',
      action: 'promote',
      participants: [{ id: '888@lid' }],
    });
    expect(groups.get(GROUP)?.subject).toBe('Despacho Lima Sur');
    expect(groups.get(GROUP)?.participants.find((p) => p.id === '888@lid')?.admin).toBe('admin');
  });

  it('stops taking messages once a shutdown began', async () => {
    const { fake, received, transport } = await openTransport();
    const socket = fake.latest();
    const stopping = transport.stop();
    socket.upsert([waText('tarde', { participant: ADMIN_LID })]);
    await stopping;
    expect(received).toHaveLength(0);
  });
});
