import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { createWhatsAppSetup } from '../../src/transports/whatsapp/index.js';
import { fakeSocketFactory, TEST_WHATSAPP } from './fake-socket.js';

/** The group the app serves, with personal data, and its owner `51987654321`. */
export const WA_GROUP = '120363000000000001@g.us';

export interface WhatsAppApp {
  fake: ReturnType<typeof fakeSocketFactory>;
  close(): Promise<void>;
}

/**
 * The production app on the WhatsApp transport over a fake, connected socket, against an
 * in-process sandbox, in a temp data dir: what a test of receiving or sending through Baileys
 * needs. `env` adds variables (e.g. the tax-portal credentials).
 */
export async function startWhatsAppApp(env: Record<string, string> = {}): Promise<WhatsAppApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-wa-'));
  const sandbox = await startSandbox({ port: 0 });
  const config = parseConfig(
    { admins: ['51987654321'], groups: [{ id: WA_GROUP, personalData: true }] },
    { CHASQUI_DATA_DIR: dir, LOOKUP_BASE_URL: sandbox.baseUrl, LOOKUP_TOKEN: sandbox.token, ...env },
  );
  const logger = pino({ level: 'silent' });
  const db = openDatabase({ dir });
  const fake = fakeSocketFactory();
  const setup = createWhatsAppSetup({ db, logger, whatsapp: TEST_WHATSAPP, createSocket: fake.factory });
  const app = createApp({ config, transport: setup.transport, logger, db, runSchedules: false });
  await app.start();
  fake.latest().open();
  return {
    fake,
    async close() {
      await app.close();
      db.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
