import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../../src/app.js';
import { parseConfig } from '../../../src/config.js';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import { openDatabase, type SqliteDatabase } from '../../../src/store/sqlite.js';
import { createWhatsAppSetup, type WhatsAppSetup } from '../../../src/transports/whatsapp/setup.js';
import { fakeSocketFactory, TEST_WHATSAPP, waitFor, waText } from '../../helpers/fake-socket.js';

const GROUP = '120363000000000001@g.us';
const ADMIN_LID = '123456789012345@lid';
const ADMIN_PN = '51987654321@s.whatsapp.net';

let dir: string;
let sandbox: SandboxHandle;
let db: SqliteDatabase;
let app: App;
let setup: WhatsAppSetup;
let fake: ReturnType<typeof fakeSocketFactory>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-wa-app-'));
  sandbox = await startSandbox({ port: 0 });
  const config = parseConfig(
    { admins: ['51987654321'], groups: [{ id: GROUP, personalData: true }] },
    { CHASQUI_DATA_DIR: dir, LOOKUP_BASE_URL: sandbox.baseUrl, LOOKUP_TOKEN: sandbox.token },
  );
  const logger = pino({ level: 'silent' });
  db = openDatabase({ dir });
  fake = fakeSocketFactory();
  fake.server.lidToPn.set(ADMIN_LID, ADMIN_PN);
  setup = createWhatsAppSetup({ db, logger, whatsapp: TEST_WHATSAPP, createSocket: fake.factory });
  app = createApp({ config, transport: setup.transport, logger });
  await app.start();
  fake.latest().open();
});

afterEach(async () => {
  await app.close();
  db.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const replyText = (i: number) => {
  const content = fake.server.sent[i]?.content;
  return content && 'text' in content ? content.text : '';
};

describe('WhatsApp transport inside the real app', () => {
  it('treats a LID-only and a PN-only sender as the same configured admin', async () => {
    fake.latest().upsert([waText('uso', { participant: ADMIN_LID })]);
    await waitFor(() => fake.server.sent.length === 1, 5000, 'reply to LID sender');
    fake.latest().upsert([waText('uso', { participant: ADMIN_PN })]);
    await waitFor(() => fake.server.sent.length === 2, 5000, 'reply to PN sender');
    fake.latest().upsert([waText('uso', { participant: '5550001@lid' })]); // unknown LID, no mapping
    await waitFor(() => fake.server.sent.length === 3, 5000, 'reply to stranger');
    expect(replyText(0)).not.toContain('solo para administradores');
    expect(replyText(1)).toBe(replyText(0));
    expect(replyText(2)).toContain('solo para administradores');
  });

  it('answers a command once, quoting it, even when WhatsApp delivers it again', async () => {
    const command = waText('ruc 20123456786', {
      participant: ADMIN_LID,
      participantAlt: ADMIN_PN,
      id: '3EB0APP1',
    });
    fake.latest().upsert([command]);
    fake.latest().upsert([structuredClone(command)], 'append');
    await waitFor(() => fake.server.sent.length >= 1, 5000, 'reply');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.server.sent).toHaveLength(1);
    expect(replyText(0)).toContain('TRANSPORTES ANDINOS DEL SUR');
    expect(fake.server.sent[0]?.options?.quoted?.key.id).toBe('3EB0APP1');
  });
});
