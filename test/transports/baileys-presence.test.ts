import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { openDatabase, type SqliteDatabase } from '../../src/store/sqlite.js';
import { setComposing } from '../../src/transports/baileys-extras.js';
import { createWhatsAppSetup } from '../../src/transports/baileys-setup.js';
import type { SocketLike } from '../../src/transports/baileys-socket.js';
import { fakeSocketFactory, TEST_WHATSAPP, waitFor, waText } from '../helpers/fake-socket.js';

/**
 * "escribiendo…" while a document is prepared, on the production transport and a fake socket.
 * The socket connects offline (markOnlineOnConnect: false), so the chat state is wrapped in
 * 'available' … 'unavailable' or WhatsApp would not show it.
 */
const GROUP = '120363000000000001@g.us';
const ADMIN_PN = '51987654321@s.whatsapp.net';

let dir: string;
let sandbox: SandboxHandle;
let db: SqliteDatabase;
let app: App;
let fake: ReturnType<typeof fakeSocketFactory>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-presence-'));
  sandbox = await startSandbox({ port: 0 });
  const config = parseConfig(
    { admins: ['51987654321'], groups: [{ id: GROUP, personalData: true }] },
    {
      CHASQUI_DATA_DIR: dir,
      LOOKUP_BASE_URL: sandbox.baseUrl,
      LOOKUP_TOKEN: sandbox.token,
      TAX_PORTAL_RUC: '20123456786',
      TAX_PORTAL_USER: 'CHASQUI1',
      TAX_PORTAL_PASSWORD: 'sandbox-clave',
    },
  );
  const logger = pino({ level: 'silent' });
  db = openDatabase({ dir });
  fake = fakeSocketFactory();
  const setup = createWhatsAppSetup({ db, logger, whatsapp: TEST_WHATSAPP, createSocket: fake.factory });
  app = createApp({ config, transport: setup.transport, logger, db, runSchedules: false });
  await app.start();
  fake.latest().open();
});

afterEach(async () => {
  await app.close();
  db.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const documents = () => fake.server.sent.filter((s) => s.jid === GROUP && 'document' in s.content);
const presences = () => fake.server.presences.map((p) => `${p.type}${p.jid ? ` ${p.jid}` : ''}`);

describe('composing presence while a document is prepared', () => {
  it.each([
    ['guia 20123456786-09-T001-42', 'the guide PDF'],
    ['xml 20123456786-01-F001-123', 'the invoice XML'],
    ['pdf 20123456786-01-F001-123', 'the invoice PDF'],
  ])('%s: online, composing, paused, offline again, around %s', async (command) => {
    fake.latest().upsert([waText(command, { participant: ADMIN_PN })]);
    await waitFor(() => documents().length >= 1, 10_000, 'the document');
    await waitFor(() => presences().length === 4, 2000, 'the presence updates');
    expect(presences()).toEqual(['available', `composing ${GROUP}`, `paused ${GROUP}`, 'unavailable']);
  });
});

describe('overlapping documents in two chats', () => {
  it('go online once and offline only after the last one', async () => {
    const sent: string[] = [];
    const sock = {
      sendPresenceUpdate: async (type: string, jid?: string) => void sent.push(jid ? `${type} ${jid}` : type),
    } as unknown as SocketLike;
    const log = pino({ level: 'silent' });
    await setComposing(sock, 'a@g.us', true, log);
    await setComposing(sock, 'b@g.us', true, log);
    await setComposing(sock, 'a@g.us', false, log);
    await setComposing(sock, 'b@g.us', false, log);
    expect(sent).toEqual([
      'available',
      'composing a@g.us',
      'composing b@g.us',
      'paused a@g.us',
      'paused b@g.us',
      'unavailable',
    ]);
  });
});
