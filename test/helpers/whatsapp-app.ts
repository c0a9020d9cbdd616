import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type App, type AppOptions, createApp } from '../../src/app/app.js';
import { runStart, type StartOverrides } from '../../src/cli/start.js';
import { type Config, parseConfig } from '../../src/config.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import {
  createWhatsAppSetup,
  type WhatsAppSetup,
  type WhatsAppSetupOptions,
} from '../../src/transports/whatsapp/index.js';
import { captureOutput } from './capture.js';
import { type FakeWhatsApp, fakeSocketFactory, TEST_WHATSAPP } from './fake-socket.js';

/** The group the app serves, with personal data, and its owner `51987654321`. */
export const WA_GROUP = '120363000000000001@g.us';

export interface WhatsAppApp {
  app: App;
  config: Config;
  db: SqliteDatabase;
  setup: WhatsAppSetup;
  fake: ReturnType<typeof fakeSocketFactory>;
  close(): Promise<void>;
}

export interface WhatsAppAppOptions {
  /** The clock of the app and of the transport's outbox. */
  now?: () => Date;
  /** The fake WhatsApp server (LID pairs, groups, accounts) the sockets talk to. */
  server?: FakeWhatsApp;
  /** More createApp options (e.g. `alerts`). */
  app?: Partial<AppOptions>;
  /** Runs on the built app before it starts (e.g. registers drivers). */
  beforeStart?: (app: App) => void;
  /** More transport options (statuses, the notice renderer, the `whatsapp` config section). */
  setup?: Partial<Omit<WhatsAppSetupOptions, 'db' | 'logger' | 'createSocket'>>;
  /** Another data directory (a restart on the same data); removed by `close` only when made here. */
  dir?: string;
  /** The config file's content (admins, groups) instead of the default owner and group. */
  file?: Record<string, unknown>;
}

/**
 * The production app on the WhatsApp transport over a fake, connected socket, against an
 * in-process sandbox, in a temp data dir, schedules off: what a test of receiving or sending
 * through Baileys needs. `env` adds variables (e.g. the tax-portal credentials).
 */
export async function startWhatsAppApp(
  env: Record<string, string> = {},
  options: WhatsAppAppOptions = {},
): Promise<WhatsAppApp> {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'chasqui-wa-'));
  const sandbox = await startSandbox({ port: 0 });
  const config = parseConfig(
    options.file ?? { admins: ['51987654321'], groups: [{ id: WA_GROUP, personalData: true }] },
    { CHASQUI_DATA_DIR: dir, LOOKUP_BASE_URL: sandbox.baseUrl, LOOKUP_TOKEN: sandbox.token, ...env },
  );
  const logger = pino({ level: 'silent' });
  const db = openDatabase({ dir });
  const fake = fakeSocketFactory(options.server);
  const { now } = options;
  const setup = createWhatsAppSetup({
    db,
    logger,
    whatsapp: TEST_WHATSAPP,
    createSocket: fake.factory,
    ...(now ? { now: () => now().getTime() } : {}),
    ...options.setup,
  });
  const app = createApp({
    config,
    transport: setup.transport,
    logger,
    db,
    runSchedules: false,
    ...(now ? { now } : {}),
    ...options.app,
  });
  options.beforeStart?.(app);
  await app.start();
  fake.latest().open();
  return {
    app,
    config,
    db,
    setup,
    fake,
    async close() {
      await app.close();
      db.close();
      await sandbox.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `chasqui start` running in this process on fake WhatsApp sockets (`fake`), with a silent logger
 * and its output kept: resolve `stop` for a graceful shutdown, `exit` is its exit code. `overrides`
 * replace any of these (and give the environment: the data dir, the console port…).
 */
export function startOnFakeSocket(
  argv: string[],
  overrides: StartOverrides = {},
  fake = fakeSocketFactory(),
) {
  const out = captureOutput();
  let stop!: () => void;
  const shutdown = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const exit = runStart(argv, {
    stdout: out.stream,
    logger: pino({ level: 'silent' }),
    createSocket: fake.factory,
    shutdown,
    ...overrides,
  });
  return { out, fake, stop, exit };
}
