import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app/app.js';
import { parseConfig } from '../../src/config.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { createOutbox, type Outbox } from '../../src/store/outbox.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import type { Transport } from '../../src/transports/transport.js';
import {
  ADMIN_PHONE,
  directMessage,
  GROUP_ID,
  GROUP_NAME,
  groupMessage,
  jid,
  MEMBER_PHONE,
} from '../helpers/messages.js';

/**
 * The README's privacy promise, checked on the raw files: after the outbox retention window, no
 * DNI, name or phone of the test data is left in chasqui.db or its WAL, in clear.
 */
const SECRETS = ['45678912', 'ROSA ELENA', 'QUISPE', 'MAMANI', 'CLAVELES', ADMIN_PHONE, MEMBER_PHONE];

let dir: string;
let sandbox: SandboxHandle;
let db: SqliteDatabase;
let outbox: Outbox;
let app: App;
let clock: number;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-privacy-'));
  sandbox = await startSandbox({ port: 0 });
  clock = Date.parse('2026-11-24T15:00:00Z');
  db = openDatabase({ dir });
  outbox = createOutbox({ db, minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0, now: () => clock });
  // Like the WhatsApp transport: the quoted incoming message travels with the row (`extra`).
  const transport: Transport = {
    name: 'outbox-test',
    selfIds: () => [],
    start: async () => {},
    stop: async () => {},
    send: async (chatId, message) => {
      outbox.enqueue(chatId, message, JSON.stringify({ quoted: lastText }));
    },
  };
  outbox.resume(async (item) => ({ stored: JSON.stringify(item.message) }));
  const config = {
    ...parseConfig({}, {}),
    dataDir: dir,
    admins: [ADMIN_PHONE],
    groups: [{ id: GROUP_ID, name: GROUP_NAME, personalData: true, schedules: [] }],
    lookup: { baseUrl: sandbox.baseUrl, token: sandbox.token, timeoutMs: 3000, retries: 0 },
  };
  app = createApp({ config, transport, db, now: () => new Date(clock) });
});

afterEach(async () => {
  outbox.close();
  await app.close();
  db.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

let lastText = '';
async function say(message: ReturnType<typeof groupMessage>) {
  lastText = message.text;
  await app.handle(message);
}

function rawFiles(): string {
  return readdirSync(dir)
    .filter((name) => name.startsWith('chasqui.db') && !name.includes('.bak-'))
    .map((name) => readFileSync(path.join(dir, name)).toString('latin1'))
    .join('\n');
}

describe('personal data at rest', () => {
  it('keeps replies only for the retry window, then the raw files hold no DNI, name or phone', async () => {
    await say(groupMessage('dni 45678912', { senderIds: [jid(MEMBER_PHONE)] }));
    await say(directMessage('dni 45678912', { chatId: jid(ADMIN_PHONE), senderIds: [jid(ADMIN_PHONE)] }));
    expect(await outbox.flush(10_000)).toBe(true);
    db.pragma('wal_checkpoint(TRUNCATE)');
    // Within the window the reply is there (WhatsApp may ask to resend it).
    expect(rawFiles()).toContain('ROSA ELENA');
    clock += 59 * 60_000;
    expect(outbox.scrub()).toBe(0);
    clock += 2 * 60_000;
    expect(outbox.scrub()).toBe(2);
    const rows = db
      .prepare('SELECT chat_id, kind, status, payload, wa_message FROM outbox ORDER BY id')
      .all();
    expect(rows).toEqual([
      { chat_id: GROUP_ID, kind: 'text', status: 'sent', payload: '{}', wa_message: null },
      { chat_id: 'direct', kind: 'text', status: 'sent', payload: '{}', wa_message: null },
    ]);
    const raw = rawFiles();
    for (const secret of SECRETS) expect(raw, secret).not.toContain(secret);
  });
});
