/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GroupMetadata } from '@whiskeysockets/baileys';
import Database from 'better-sqlite3';
import pino from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStart } from '../../src/cli/start.js';
import { openDatabase } from '../../src/app/database.js';
import { captureOutput } from '../helpers/capture.js';
import { fakeSocketFactory, waitFor } from '../helpers/fake-socket.js';
import { CHROMIUM_ARGS, findChromium } from './browser.js';
import { mainText, twoWidths } from './shots.js';

/**
 * The console in real headless Chromium against `chasqui start` with a fake WhatsApp socket:
 * login, no network before ever linking, live status, QR replaced without reload, pairing code,
 * linked, group toggle, usage charts, drivers, schedules, outbox, CSRF. Screenshots of every page
 * (desktop and phone width) go to test-artifacts/console/. Skipped (one line, see browser-setup.ts)
 * where no Chromium is found.
 */

const PASSWORD = 'clave-de-prueba-9';
const GROUP_A = '120363000000000101@g.us';
const GROUP_B = '120363000000000102@g.us';
const executablePath = findChromium();

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
let shoot: (name: string, options?: { reloadPhone?: boolean }) => Promise<void>;
let baseUrl: string;
const output = captureOutput();
let stop: () => void;
let exit: Promise<number>;
const fake = fakeSocketFactory();

/**
 * Usage rows over the last days so the charts have something to draw (fictional groups), with a
 * busy day today (1,150 lookups: thousands separators), and a reply the outbox gave up on.
 */
function seedUsage(): void {
  const db = openDatabase({ dir });
  const insert = db.prepare(
    'INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  const ops = ['ruc', 'dni', 'vehicle', 'exchangeRate'];
  db.transaction(() => {
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
    for (let n = 0; n < 1150; n++) insert.run(now - 1000 - n, GROUP_A, 'ruc', 0, 'ok');
  })();
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

/** Submits a form on both pages (the answer to a POST cannot be reloaded at phone width). */
async function onBoth(act: (on: Page) => Promise<void>): Promise<void> {
  await act(page);
  await act(phone);
}

const readyz = async () =>
  (await (await fetch(`${baseUrl}/readyz`)).json()) as { checks: { whatsapp: { detail: string } } };

describe.skipIf(!executablePath)('console in headless Chromium', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-console-'));
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
      executablePath: executablePath ?? '',
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP rebind.example 127.0.0.1'],
    });
    ({ page, phone, shoot } = await twoWidths(browser));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    stop?.();
    await exit;
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

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
    const text = await mainText(page);
    expect(text).toContain('sandbox (datos ficticios)');
    expect(text).toMatch(/Hoy: 1,1\d\d con crédito/); // es-PE thousands separator
  });

  it('with no network and nothing linked says so, keeps "since" across retries, offers no unlink', async () => {
    await waitFor(() => fake.sockets.length === 1, 10_000, 'socket');
    fake.latest().close(408); // WhatsApp unreachable before any QR
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => document.body.innerText.includes('Reconectando'), undefined, {
      timeout: 10_000,
    });
    const since = await page.locator('[data-field="whatsapp.offlineSince"]').textContent();
    expect(await mainText(page)).toContain(
      'El servidor no llega a WhatsApp (código 408): revise su conexión',
    );
    expect(await mainText(page)).not.toMatch(/connection|código 408,/);
    const firstDetail = (await readyz()).checks.whatsapp.detail;
    expect(firstDetail).toMatch(/^reconnecting, without WhatsApp since /);
    await shoot('status-offline');
    // On a phone every menu entry is whole and on screen (it wraps; nothing hides off the edge).
    const clipped = await phone.evaluate(() =>
      Array.from(document.querySelectorAll('.top nav a'))
        .filter((a) => {
          const box = a.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth || a.scrollWidth > a.clientWidth;
        })
        .map((a) => a.textContent),
    );
    expect(clipped).toEqual([]);

    await waitFor(() => fake.sockets.length === 2, 10_000, 'second attempt');
    fake.latest().close(408);
    await page.waitForFunction(
      () => document.querySelector('.attempt')?.textContent === 'intento 2',
      undefined,
      {
        timeout: 10_000,
      },
    );
    await expect(page.locator('[data-field="whatsapp.label"]').textContent()).resolves.toBe('Reconectando');
    await expect(page.locator('[data-field="whatsapp.offlineSince"]').textContent()).resolves.toBe(since);
    expect((await readyz()).checks.whatsapp.detail).toBe(firstDetail);

    await page.goto(`${baseUrl}/pairing`);
    const text = await mainText(page);
    expect(text).toContain('Todavía no hay código QR: el servidor no llega a WhatsApp');
    expect(text).not.toContain('cuando el equipo no está vinculado');
    await expect(page.locator('form[action="/pairing/relink"]').isVisible()).resolves.toBe(false);
    await expect(page.locator('form[action="/pairing/code"]').isVisible()).resolves.toBe(false);
    await expect(page.locator('[data-field="whatsapp.linkedNumber"]').textContent()).resolves.toBe('ninguno');
    await shoot('pairing-offline');
  });

  it('shows the QR the socket emits and replaces it when WhatsApp rotates it, without a reload', async () => {
    await waitFor(() => fake.sockets.length === 3, 10_000, 'third attempt');
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
    await expect(page.locator('form[action="/pairing/code"]').isVisible()).resolves.toBe(true);
    await expect(page.locator('form[action="/pairing/relink"]').isVisible()).resolves.toBe(false);
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

  it('keeps a wrong number in the pairing form and says what is wrong, then requests a code', async () => {
    await onBoth(async (on) => {
      await on.goto(`${baseUrl}/pairing`);
      await on.fill('input[name=phone]', '98765');
      await on.click('form[action="/pairing/code"] button');
      await on.waitForURL(/\/pairing\/code$/);
    });
    await expect(page.inputValue('input[name=phone]')).resolves.toBe('98765');
    await expect(page.locator('.field-error').textContent()).resolves.toContain('Número no válido');
    expect(fake.latest().pairingRequests).toEqual([]);
    await shoot('pairing-form-error', { reloadPhone: false });
    await page.fill('input[name=phone]', '+51 987 654 321');
    await page.click('form[action="/pairing/code"] button');
    await page.waitForURL(/nota=code-requested/);
    expect(fake.latest().pairingRequests).toEqual(['51987654321']);
    await expect(page.locator('.code').textContent()).resolves.toBe('ABCD-1234');
    await shoot('pairing-code');
  });

  it('shows the linked number once WhatsApp opens, live, and offers to unlink only then', async () => {
    await page.goto(`${baseUrl}/`);
    const sockets = fake.sockets.length;
    fake.latest().pairAndRestart();
    await waitFor(() => fake.sockets.length === sockets + 1, 10_000, 'socket after the restart');
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
    expect(await mainText(page)).not.toContain('Sin WhatsApp desde');
    await shoot('status-open');
    await page.goto(`${baseUrl}/pairing`);
    await expect(page.locator('form[action="/pairing/relink"]').isVisible()).resolves.toBe(true);
    expect(await mainText(page)).toContain('Este equipo ya está vinculado a +51900000001');
    await shoot('pairing-linked');
  });

  it('toggles a group from the page, credited to the operator; an untouched group says nobody decided', async () => {
    await page.goto(`${baseUrl}/groups`);
    const row = page.locator(`tr[data-chat="${GROUP_A}"]`);
    await expect(row.textContent()).resolves.toContain('Despacho Arequipa');
    await expect(row.textContent()).resolves.toContain('inactivo');
    await expect(row.textContent()).resolves.toContain('nadie lo ha activado todavía');
    expect(groupActive(GROUP_A)).toBeUndefined();
    await row.locator('button').click();
    await page.waitForURL(/nota=group-on/);
    expect(groupActive(GROUP_A)).toBe(1);
    const after = (await page.locator(`tr[data-chat="${GROUP_A}"]`).textContent()) ?? '';
    expect(after).toContain('activado por el operador en esta consola');
    expect(after).not.toContain('admin');
    expect(await page.locator(`tr[data-chat="${GROUP_B}"]`).textContent()).not.toContain('configuración');
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

  it('renders the usage charts with Spanish legends, axis titles and group names', async () => {
    await page.goto(`${baseUrl}/usage`);
    await page.waitForSelector('#usage[data-rendered="true"]', { timeout: 10_000 });
    const charts = await page.evaluate(() => {
      type Scale = { options: { title: { text: string } } };
      type ChartLike = {
        data: { labels: string[]; datasets: { label: string; data: number[] }[] };
        scales: Record<string, Scale>;
      };
      const chart = (window as unknown as { Chart: { getChart(id: string): ChartLike | undefined } }).Chart;
      return ['chart-daily', 'chart-credits', 'chart-groups', 'chart-budget'].map((id) => {
        const drawn = chart.getChart(id);
        return {
          total: drawn?.data.datasets.reduce((sum, set) => sum + set.data.reduce((a, b) => a + b, 0), 0),
          legends: drawn?.data.datasets.map((set) => set.label),
          labels: drawn?.data.labels,
          axes: Object.values(drawn?.scales ?? {}).map((scale) => scale.options.title.text),
        };
      });
    });
    expect(charts.every((c) => typeof c.total === 'number' && c.total > 0)).toBe(true);
    const [daily, credits, groups, budget] = charts;
    expect(daily?.legends).toEqual(expect.arrayContaining(['RUC', 'DNI', 'Placa', 'Tipo de cambio']));
    expect(daily?.axes).toEqual(['Día', 'Consultas']);
    expect(credits?.legends).toEqual(['Con crédito', 'Desde caché (ahorro)']);
    expect(groups?.labels).toEqual(['Despacho Arequipa', 'Ventas Trujillo']);
    expect(budget?.axes).toEqual(['Día del mes', 'Créditos']);
    expect(await mainText(page)).toMatch(/1,2\d\d consultas/);
    await shoot('usage');
  });

  it('keeps a wrong driver form and names the wrong fields; asks before removing a driver', async () => {
    await onBoth(async (on) => {
      await on.goto(`${baseUrl}/drivers`);
      await on.fill('input[name=document]', '4567');
      await on.fill('input[name=phone]', '51912345678');
      await on.click('form[action="/drivers/add"] button');
      await on.waitForURL(/\/drivers\/add$/);
    });
    await expect(page.inputValue('input[name=document]')).resolves.toBe('4567');
    await expect(page.inputValue('input[name=phone]')).resolves.toBe('51912345678');
    await expect(page.locator('input[name=document][aria-invalid=true]').count()).resolves.toBe(1);
    await expect(page.locator('input[name=phone][aria-invalid=true]').count()).resolves.toBe(0);
    expect(await mainText(page)).toContain('Documento no válido');
    await shoot('drivers-form-error', { reloadPhone: false });

    await page.fill('input[name=document]', '45678912');
    await page.click('form[action="/drivers/add"] button');
    await page.waitForURL(/nota=driver-saved/);
    await expect(page.locator('table').textContent()).resolves.toContain('+51912345678');
    await shoot('drivers');
    await onBoth(async (on) => {
      await on.goto(`${baseUrl}/drivers`);
      await on.locator('details.confirm summary').first().click();
    });
    const question = page.locator('details.confirm .confirm-box').first();
    await expect(question.textContent()).resolves.toContain('¿Quitar al chofer 45678912');
    await shoot('drivers-confirm', { reloadPhone: false });
    await question.locator('button').click();
    await page.waitForURL(/nota=driver-removed/);
    await expect(page.locator('table').textContent()).resolves.not.toContain('45678912');
  });

  it('lists schedules as a sentence with the group name; a bad time keeps the form; removal asks first', async () => {
    await onBoth(async (on) => {
      await on.goto(`${baseUrl}/schedules`);
      await on.selectOption('select[name=chatId]', GROUP_A);
      await on.fill('input[name=spec]', '25:99');
      await on.click('form[action="/schedules/add"] button');
      await on.waitForURL(/\/schedules\/add$/);
    });
    await expect(page.inputValue('input[name=spec]')).resolves.toBe('25:99');
    await expect(page.inputValue('select[name=chatId]')).resolves.toBe(GROUP_A);
    expect(await mainText(page)).toContain('Hora no válida');
    await shoot('schedules-form-error', { reloadPhone: false });
    await page.fill('input[name=spec]', '08:30 lun-vie');
    await page.click('form[action="/schedules/add"] button');
    await page.waitForURL(/nota=schedule-added/);
    const table = (await page.locator('table').textContent()) ?? '';
    expect(table).toContain('Despacho Arequipa');
    expect(table).toContain('De lunes a viernes a las 08:30');
    await shoot('schedules');
    await onBoth(async (on) => {
      await on.goto(`${baseUrl}/schedules`);
      await on.locator('details.confirm summary').first().click();
    });
    await expect(page.locator('.confirm-box').first().textContent()).resolves.toContain(
      '¿Quitar de Despacho Arequipa la publicación de tipo de cambio, de lunes a viernes a las 08:30?',
    );
    await shoot('schedules-confirm', { reloadPhone: false });
  });

  it('shows the outbox by group name, the failure in Spanish, and retries a failed message', async () => {
    await page.goto(`${baseUrl}/outbox`);
    const table = (await page.locator('table').textContent()) ?? '';
    expect(table).toContain('Tipo de cambio del día');
    expect(table).toContain('Ventas Trujillo');
    expect(table).not.toContain('@g.us');
    expect(table).toContain('5 intentos fallidos: WhatsApp rechazó el mensaje');
    expect(table).not.toContain('bad-request');
    await shoot('outbox');
    await page.click('form[action="/outbox/retry"] button');
    await page.waitForURL(/nota=outbox-retried/);
    await waitFor(() => fake.server.sent.some((s) => s.jid === GROUP_B), 10_000, 'retried message sent');
  });
});
