/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../src/bot/ports.js';
import { createOutboxAdmin } from '../../src/console/outbox-admin.js';
import { type ConsoleServer, startConsole } from '../../src/console/server.js';
import type { Group } from '../../src/lookup/schemas/group.js';
import { CHROMIUM_ARGS, findChromium } from './browser.js';
import { consoleHarness } from './harness.js';
import { mainText, twoWidths } from './shots.js';

/**
 * The console's pages in the states a live run rarely shows at once, in headless Chromium:
 * nothing used yet (empty charts), alerts of every source with their details in Spanish, a
 * linked session without network, WhatsApp stopped, groups decided by the config file, driver
 * delivery states, an outbox to groups, drivers and unnamed chats. Screenshots at desktop and
 * phone width go to test-artifacts/console/ like the main browser test's.
 */

const executablePath = findChromium();
const CONFIGURED = '120363000000000201@g.us'; // in the harness config, with personal data
const LEFT = '120363000000000299@g.us'; // a group the bot is no longer in: no name known
const DRIVER_PHONE = '51912345678';

function group(id: string, name: string, size: number): Group {
  return { JID: id, Name: name, ParticipantCount: size, Participants: [] } as unknown as Group;
}

let dir: string;
let harness: ReturnType<typeof consoleHarness>;
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let shoot: (name: string, options?: { reloadPhone?: boolean }) => Promise<void>;
let paired = false;

/** Server-Sent Events are not needed here: each state is set before the page loads. */
async function open(route: string): Promise<string> {
  await page.goto(`${server.url}${route}`);
  if (route === '/usage') await page.waitForSelector('#usage[data-rendered="true"]');
  return mainText(page);
}

describe.skipIf(!executablePath)('console states in headless Chromium', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-console-states-'));
    harness = consoleHarness(dir);
    const { deps, db } = harness;
    deps.services = {
      ...deps.services,
      directory: {
        list: async () => [
          group(CONFIGURED, 'Contabilidad', 12),
          group('120363000000000202@g.us', 'Almacén Callao', 5),
        ],
        resolveName: async () => undefined,
      },
    };
    deps.services.registry.get(DRIVERS)!.set('45678912', DRIVER_PHONE, 'console');
    deps.actions = {
      requestPairingCode: async () => 'ABCD1234',
      relink: async () => {},
      isPaired: () => paired,
    };
    deps.deliveries = {
      counts: () => ({ queued: 1, sent: 2, doubtful: 1, server_ack: 3, delivered: 4, read: 2, failed: 1 }),
      latestByDriver: () => ({ '45678912': { state: 'server_ack', at: new Date('2026-11-20T14:05:00Z') } }),
    };
    deps.outbox = createOutboxAdmin(db, { enqueue: () => 0 });
    const row = db.prepare(
      `INSERT INTO outbox (chat_id, kind, payload, status, attempts, failures, last_error, created_at, wa_id)
       VALUES (?, 'text', ?, ?, ?, ?, ?, ?, ?)`,
    );
    const at = Date.now() - 30 * 60_000;
    row.run(
      CONFIGURED,
      JSON.stringify({ text: 'RUC 20123456786: ACTIVO, HABIDO' }),
      'pending',
      1,
      1,
      'Timed Out',
      at,
      'W1',
    );
    row.run(
      `${DRIVER_PHONE}@s.whatsapp.net`,
      JSON.stringify({ text: 'Guía T001-42' }),
      'failed',
      5,
      5,
      '463',
      at,
      'W2',
    );
    row.run('99900000077@lid', JSON.stringify({ text: 'Hola' }), 'pending', 0, 0, null, at, 'W3');
    row.run(LEFT, JSON.stringify({ text: 'Tipo de cambio' }), 'failed', 5, 5, 'Connection Closed', at, 'W4');
    server = await startConsole(deps, { host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: executablePath ?? '', args: CHROMIUM_ARGS });
    ({ page, shoot } = await twoWidths(browser));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await harness?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('says «sin consultas aún» instead of drawing empty charts', async () => {
    const text = await open('/usage');
    expect(text).toContain('0 consultas');
    expect(text.match(/Sin consultas aún/g)).toHaveLength(4);
    expect(await page.locator('canvas').count()).toBe(0);
    await shoot('usage-empty');
  });

  it('words every alert in Spanish: names, what to do, no syscalls or server paths', async () => {
    const alerts = harness.alerts;
    const error = Object.assign(
      new Error("ENOTDIR: not a directory, mkdir '/srv/chasqui/data/copias/diarias'"),
      {
        code: 'ENOTDIR',
      },
    );
    // What daily-backup.ts raises for that error (its own test checks it does).
    alerts.raise('backup-failed', {
      problem: 'not-a-directory',
      dir: 'copias/diarias',
      error: error.message,
    });
    alerts.raise('outbox-failed', { chat: CONFIGURED, attempts: 5, reason: 'bad-request' });
    alerts.raise('schedule-failed', {
      group: CONFIGURED,
      job: 'tc',
      spec: '08:30',
      date: '2026-11-20',
      note: 'failed: network',
    });
    alerts.raise('replaced', { code: 440, attempt: 2, retryInSeconds: 600 });
    alerts.raise('credits-exhausted', { operation: 'exchangeRate', status: 402 });
    const text = await open('/');
    for (const raw of [
      'ENOTDIR',
      'mkdir',
      '/srv/',
      '@g.us',
      'bad-request',
      'failed:',
      'exchangeRate',
      'retryInSeconds',
    ]) {
      expect(text, raw).not.toContain(raw);
    }
    expect(text).toContain(
      'la carpeta de copias no se pudo crear porque en su ruta hay un archivo: cambie backup.dir',
    );
    expect(text).toContain('Contabilidad · 5 intentos · WhatsApp rechazó el mensaje');
    expect(text).toContain(
      'Contabilidad · tipo de cambio · horario «08:30» · del 20/11/2026 · El servicio de consultas no respondió.',
    );
    expect(text).toContain('código 440 · intento 2 · reintento en 600 segundos');
    expect(text).toContain('consulta: Tipo de cambio');
    await shoot('status-alerts');
  });

  it('with a saved session and no network: no QR needed, unlink offered, since when without WhatsApp', async () => {
    paired = true;
    harness.state.update({ kind: 'connecting', attempt: 1 });
    harness.state.update({
      kind: 'reconnecting',
      reason: 'connection',
      code: 428,
      delayMs: 4000,
      attempt: 3,
      alert: false,
    });
    const text = await open('/pairing');
    expect(text).toContain('Hay una sesión guardada: no hace falta un código QR');
    expect(text).toContain('la sesión guardada se conserva, no hace falta vincular de nuevo');
    expect(text).toContain('Sin WhatsApp desde');
    expect(text).toContain('sí (sesión guardada)');
    await expect(page.locator('form[action="/pairing/relink"]').isVisible()).resolves.toBe(true);
    await expect(page.locator('form[action="/pairing/code"]').isVisible()).resolves.toBe(false);
    await shoot('pairing-paired-offline');
  });

  it('when WhatsApp stopped after a logout, says what to do', async () => {
    paired = false;
    harness.state.update({ kind: 'stopped', reason: 'logged-out', code: 401 });
    const text = await open('/');
    expect(text).toContain('Detenido');
    expect(text).toContain('Se cerró la sesión desde el teléfono y se borró la guardada: reinicie Chasqui');
    expect(text).not.toContain('logged-out');
    await shoot('status-stopped');
    expect(await open('/pairing')).toContain('Chasqui se detuvo y no pide código QR ahora.');
    await expect(page.locator('form[action="/pairing/relink"]').isVisible()).resolves.toBe(false);
    await shoot('pairing-stopped');
  });

  it('tells a group the config file activates from one nobody activated yet', async () => {
    await open('/groups');
    const rows = await page.locator('tbody tr').allTextContents();
    expect(rows.find((r) => r.includes('Contabilidad'))).toContain(
      'activo en la lista del archivo de configuración',
    );
    expect(rows.find((r) => r.includes('Almacén Callao'))).toContain('inactivo nadie lo ha activado todavía');
    await shoot('groups-config');
  });

  it('shows driver delivery states in Spanish', async () => {
    const text = await open('/drivers');
    for (const raw of ['queued', 'server_ack', 'doubtful']) expect(text).not.toContain(raw);
    expect(text).toContain('en cola: 1');
    expect(text).toContain('sin confirmar: 1');
    expect(text).toContain('no llegó: 1');
    expect(text).toContain('en el servidor 20/11/2026, 09:05');
    await shoot('drivers-deliveries');
  });

  it('names every outbox chat: group, driver, direct chat, a group no longer known', async () => {
    const text = await open('/outbox');
    expect(text).toContain('Contabilidad');
    expect(text).toContain('Chofer 45678912 (+51912345678)');
    expect(text).toContain('Chat directo');
    expect(text).toContain('Grupo sin nombre conocido');
    expect(text).not.toMatch(/@(g\.us|lid|s\.whatsapp\.net)|Timed Out|Connection Closed/);
    expect(text).toContain('1 intento fallido, se reintenta solo');
    expect(text).toContain('WhatsApp no deja escribir primero a este número');
    expect(text).toContain('se cortó la conexión con WhatsApp');
    await shoot('outbox-names');
  });
});
