/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DRIVERS } from '../../src/bot/ports.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxAdmin } from '../../src/console/outbox-admin.js';
import { type ConsoleServer, startConsole } from '../../src/console/server.js';
import { alertOnStatus } from '../../src/ops/watchers.js';
import { createNewChatsRepo } from '../../src/store/new-chats.js';
import { CHROMIUM_ARGS, findChromium } from './browser.js';
import { consoleHarness } from './harness.js';
import { mainText, twoWidths } from './shots.js';

/**
 * The Estado page and the outbox while WhatsApp restricts new chats (issue 21), in headless
 * Chromium at desktop and phone width (test-artifacts/console/status-restricted-*.png,
 * outbox-held-*.png): the limits card (until when, the day's first messages, what is held), the
 * outbox card telling held from stuck, the alert worded in Spanish, the held row and why.
 */
const executablePath = findChromium();
const DRIVER_PHONE = '51912345678';
const UNTIL = Date.parse('2027-01-15T23:30:00Z'); // 18:30 in Lima

let dir: string;
let harness: ReturnType<typeof consoleHarness>;
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let shoot: (name: string) => Promise<void>;

describe.skipIf(!executablePath)('WhatsApp limits on the console, in headless Chromium', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-console-limits-'));
    harness = consoleHarness(dir);
    const { deps, db, state, alerts } = harness;
    deps.services.registry.get(DRIVERS)!.set('45678912', DRIVER_PHONE, 'console');
    deps.outbox = createOutboxAdmin(db, { enqueue: () => 0 });
    deps.firstMessagesDailyCap = 20;
    const future = Date.now() + 3 * 3600_000;
    db.prepare(
      `INSERT INTO outbox (chat_id, kind, payload, status, created_at, wa_id, held_until, held_reason)
       VALUES (?, 'text', ?, 'pending', ?, ?, ?, ?)`,
    ).run(
      `${DRIVER_PHONE}@s.whatsapp.net`,
      JSON.stringify({ text: 'Guía T001-42' }),
      Date.now() - 3600_000,
      'W1',
      future,
      'restriction',
    );
    const chats = createNewChatsRepo(db);
    for (const n of [1, 2, 3]) chats.recordFirstSend(`5191111111${n}@s.whatsapp.net`, Date.now());
    state.update({ kind: 'open', selfIds: ['51900000001@s.whatsapp.net'] });
    const restricted = {
      kind: 'restriction' as const,
      active: true,
      since: Date.now(),
      until: UNTIL,
      enforcement: 'DEFAULT',
    };
    state.update({ ...restricted, change: 'started' });
    alertOnStatus(alerts, { ...restricted, change: 'started' });
    state.update({ kind: 'new-chat-cap', total: 30, used: 12, cycleEndsAt: UNTIL });
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

  it('Estado: restricted until when, first messages against the cap, held is not stuck, the alert in Spanish', async () => {
    await page.goto(`${server.url}/`);
    const text = await mainText(page);
    expect(text).toContain('Límites de WhatsApp Chats nuevos restringidos');
    expect(text).toContain('hasta el 15/01/2027, 18:30');
    expect(text).toContain('Los grupos y los chats conocidos siguen funcionando');
    expect(text).toContain('Primeros mensajes hoy: 3 de 20');
    expect(text).toContain('Tope de WhatsApp: 12 de 30 chats nuevos');
    expect(text).toContain('1 mensaje retenido: sale solo cuando se pueda');
    expect(text).toContain('1 retenido por WhatsApp (no es un atasco)');
    expect(text).not.toContain('el pendiente más antiguo espera');
    expect(text).toContain('Restricción de WhatsApp a los chats nuevos');
    expect(text).toContain('empezó · hasta el 15/01/2027, 18:30 · restricción general');
    expect(text).not.toMatch(/DEFAULT|phase|restriction\b/u);
    await shoot('status-restricted');
  });

  it('outbox: the held guide says until when and why, and that it goes by itself', async () => {
    await page.goto(`${server.url}/outbox`);
    const text = await mainText(page);
    expect(text).toContain('Chofer 45678912 (+51912345678)');
    expect(text).toMatch(
      /retenido hasta el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}: WhatsApp restringe los chats nuevos; sale solo/u,
    );
    await shoot('outbox-held');
  });

  it('/readyz: degraded, not down, while restricted', async () => {
    const answer = await fetch(`${server.url}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: 'degraded',
      ready: true,
      checks: { outbox: { ok: true } },
    });
  });
});
