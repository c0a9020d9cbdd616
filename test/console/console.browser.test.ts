/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GroupMetadata } from '@whiskeysockets/baileys';
import Database from 'better-sqlite3';
import pino from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { captureOutput } from '../helpers/capture.js';
import { fakeSocketFactory, waitFor } from '../helpers/fake-socket.js';
import { CHROMIUM_ARGS, chromiumPath } from './browser.js';

/**
 * The console in real headless Chromium against `chasqui start` with a fake WhatsApp socket:
 * login, live status, QR replaced without reload, pairing code, group toggle, usage charts, CSRF.
 * Screenshots of every page (desktop and phone width) go to test-artifacts/console/.
 */

const PASSWORD = 'clave-de-prueba-9';
const GROUP_A = '120363000000000101@g.us';
const GROUP_B = '120363000000000102@g.us';
const SHOTS = path.resolve('test-artifacts/console');

function group(id: string, subject: string, size: number): GroupMetadata {
  return {
    id,
    subject,
    owner: '111@lid',
    creation: 1_690_000_000,
    size,
    participants: Array.from({ length: size }, (_, i) => ({ id: `${900 + i}@lid`, admin: null })),
  } as GroupMetadata;
}

let dir: string;
let browser: Browser;
let page: Page;
let phone: Page;
let baseUrl: string;
const output = captureOutput();
let stop: () => void;
let exit: Promise<number>;
const fake = fakeSocketFactory();

/** Usage rows over the last days so the charts have something to draw (fictional groups). */
function seedUsage(): void {
  const db = openDatabase({ dir });
  const insert = db.prepare(
    'INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  const ops = ['ruc', 'dni', 'vehicle', 'exchangeRate'];
  for (let day = 0; day < 20; day++) {
    for (let n = 0; n < 3 + (day % 5); n++) {
      const op = ops[(day + n) % ops.length] ?? 'ruc';
      insert.run(
        now - day * 86_400_000 - n * 60_000,
        n % 2 ? GROUP_A : GROUP_B,
        op,
        n % 3 === 0 ? 1 : 0,
        'ok',
      );
    }
  }
  // A reply the outbox gave up on in an earlier run, to retry from the page (10 minutes ago: within
  // the privacy retention window, so its content is still there to send).
  db.prepare(
    `INSERT INTO outbox (chat_id, kind, payload, status, attempts, failures, last_error, created_at, wa_id)
     VALUES (?, 'text', ?, 'failed', 5, 5, 'bad-request', ?, '3EB0AAAAAAAAAAAAAAAAAA')`,
  ).run(
    GROUP_B,
    JSON.stringify({ text: 'Tipo de cambio del día: compra 3.712, venta 3.720' }),
    now - 10 * 60_000,
  );
  db.close();
}

/** The page as it is now, and the same URL loaded fresh at phone width (same session). */
async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await phone.goto(page.url());
  if (name === 'usage') await phone.waitForSelector('#usage[data-rendered="true"]');
  await phone.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than a phone`).toBeLessThanOrEqual(0);
}

function groupActive(chatId: string): number | undefined {
  const db = new Database(path.join(dir, 'chasqui.db'), { readonly: true });
  try {
    return db
      .prepare<[string], { active: number }>('SELECT active FROM group_settings WHERE chat_id = ?')
      .get(chatId)?.active;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-console-'));
  mkdirSync(SHOTS, { recursive: true });
  seedUsage();
  fake.server.groups = {
    [GROUP_A]: group(GROUP_A, 'Despacho Arequipa', 7),
    [GROUP_B]: group(GROUP_B, 'Ventas Trujillo', 4),
  };
  let requestStop!: () => void;
  exit = runStart([], {
    env: { CHASQUI_DATA_DIR: dir, CHASQUI_CONSOLE_PORT: '0', CHASQUI_CONSOLE_PASSWORD: PASSWORD },
    stdout: output.stream,
    logger: pino({ level: 'silent' }),
    createSocket: fake.factory,
    shutdown: new Promise<void>((resolve) => (requestStop = resolve)),
  });
  stop = requestStop;
  await waitFor(() => /Consola \/ console: (http:\/\/\S+)/.test(output.text()), 15_000, 'console URL');
  baseUrl = /Consola \/ console: (http:\/\/\S+)/.exec(output.text())?.[1] ?? '';
  // rebind.example resolves to this machine, as an attacker's name does after DNS rebinding.
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP rebind.example 127.0.0.1'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  stop?.();
  await exit;
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('console in headless Chromium', () => {
  it('asks for the password, then shows the status', async () => {
    await page.goto(`${baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await shoot('login');
    await page.fill('input[name=password]', 'no-es-la-clave');
    await page.click('button');
    await expect(page.locator('[role=alert]').textContent()).resolves.toContain('Contraseña incorrecta');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button');
    await page.waitForURL(`${baseUrl}/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Estado');
    await expect(page.locator('body').textContent()).resolves.toContain('sandbox (datos ficticios)');
    await shoot('status');
  });

  it('shows the QR the socket emits and replaces it when WhatsApp rotates it, without a reload', async () => {
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    await page.goto(`${baseUrl}/pairing`);
    await page.evaluate(() => Object.assign(window, { sameDocument: 'yes' }));
    fake.latest().emitQr('2@primer-codigo,ruido,identidad,adv');
    const img = page.locator('#qr-img');
    await img.waitFor({ state: 'visible', timeout: 10_000 });
    await page.waitForFunction(
      () => (document.getElementById('qr-img') as HTMLImageElement | null)?.naturalWidth,
      undefined,
      { timeout: 10_000 },
    );
    const first = await img.getAttribute('src');
    const firstSvg = await page.evaluate((src) => fetch(src ?? '').then((r) => r.text()), first);
    expect(firstSvg).toContain('<svg');
    await shoot('pairing-qr');
    fake.latest().emitQr('2@segundo-codigo,ruido,identidad,adv');
    await page.waitForFunction(
      (old) => document.getElementById('qr-img')?.getAttribute('src') !== old,
      first,
      {
        timeout: 10_000,
      },
    );
    const second = await img.getAttribute('src');
    const secondSvg = await page.evaluate((src) => fetch(src ?? '').then((r) => r.text()), second);
    expect(secondSvg).toContain('<svg');
    expect(secondSvg).not.toBe(firstSvg);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: string }).sameDocument)).toBe(
      'yes',
    );
  });

  it('requests a pairing code for a number', async () => {
    await page.fill('input[name=phone]', '+51 987 654 321');
    await page.click('form[action="/pairing/code"] button');
    await page.waitForURL(/nota=code-requested/);
    expect(fake.latest().pairingRequests).toEqual(['51987654321']);
    await expect(page.locator('.code').textContent()).resolves.toBe('ABCD-1234');
    await shoot('pairing-code');
  });

  it('shows the linked number once WhatsApp opens, live', async () => {
    await page.goto(`${baseUrl}/`);
    fake.latest().open();
    await page.waitForFunction(
      () => document.querySelector('[data-field="whatsapp.label"]')?.textContent === 'Conectado',
      undefined,
      {
        timeout: 10_000,
      },
    );
    await expect(page.locator('[data-field="whatsapp.linkedNumber"]').textContent()).resolves.toBe(
      '+51900000001',
    );
    await shoot('status-open');
  });

  it('toggles a group from the page and the store changes', async () => {
    await page.goto(`${baseUrl}/groups`);
    const row = page.locator(`tr[data-chat="${GROUP_A}"]`);
    await expect(row.textContent()).resolves.toContain('Despacho Arequipa');
    await expect(row.textContent()).resolves.toContain('inactivo');
    expect(groupActive(GROUP_A)).toBeUndefined();
    await row.locator('button').click();
    await page.waitForURL(/nota=group-on/);
    expect(groupActive(GROUP_A)).toBe(1);
    await expect(page.locator(`tr[data-chat="${GROUP_A}"]`).textContent()).resolves.toContain('por un admin');
    await shoot('groups');
  });

  it('refuses a state change without the CSRF token', async () => {
    const response = await page.request.post(`${baseUrl}/groups/toggle`, {
      form: { chatId: GROUP_B, active: '1' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(groupActive(GROUP_B)).toBeUndefined();
  });

  it('refuses a page that reaches it under a foreign name (DNS rebinding), in Spanish', async () => {
    const port = new URL(baseUrl).port;
    const rebound = await browser.newPage();
    try {
      const response = await rebound.goto(`http://rebind.example:${port}/login`);
      expect(response?.status()).toBe(403);
      await expect(rebound.locator('[role=alert]').textContent()).resolves.toContain(
        'no responde al nombre «rebind.example:',
      );
      expect(await rebound.locator('input[name=password]').count()).toBe(0);
    } finally {
      await rebound.close();
    }
  });

  it('renders the usage charts with data', async () => {
    await page.goto(`${baseUrl}/usage`);
    await page.waitForSelector('#usage[data-rendered="true"]', { timeout: 10_000 });
    const drawn = await page.evaluate(() => {
      const chart = (
        window as unknown as { Chart: { getChart(id: string): { data: { datasets: { data: number[] }[] } } } }
      ).Chart;
      return ['chart-daily', 'chart-credits', 'chart-groups', 'chart-budget'].map((id) =>
        chart.getChart(id)?.data.datasets.reduce((sum, set) => sum + set.data.reduce((a, b) => a + b, 0), 0),
      );
    });
    expect(drawn.every((total) => typeof total === 'number' && total > 0)).toBe(true);
    await shoot('usage');
  });

  it('lists drivers, schedules and the outbox', async () => {
    await page.goto(`${baseUrl}/drivers`);
    await page.fill('input[name=document]', '45678912');
    await page.fill('input[name=phone]', '51912345678');
    await page.click('form[action="/drivers/add"] button');
    await page.waitForURL(/nota=driver-saved/);
    await expect(page.locator('table').textContent()).resolves.toContain('+51912345678');
    await shoot('drivers');
    await page.goto(`${baseUrl}/schedules`);
    await page.selectOption('select[name=chatId]', GROUP_A);
    await page.fill('input[name=spec]', '08:30');
    await page.click('form[action="/schedules/add"] button');
    await page.waitForURL(/nota=schedule-added/);
    await expect(page.locator('table').textContent()).resolves.toContain('Despacho Arequipa');
    await shoot('schedules');
    await page.goto(`${baseUrl}/outbox`);
    await expect(page.locator('table').textContent()).resolves.toContain('Tipo de cambio del día');
    await shoot('outbox');
    await page.click('form[action="/outbox/retry"] button');
    await page.waitForURL(/nota=outbox-retried/);
    await waitFor(() => fake.server.sent.some((s) => s.jid === GROUP_B), 10_000, 'retried message sent');
  });
});
