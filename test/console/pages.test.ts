import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../../src/bot/ports.js';
import { createOutboxAdmin } from '../../src/console/outbox-admin.js';
import { updatePadron } from '../../src/padron/importer.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { addDays, limaDate } from '../../src/time/lima.js';
import type { Group } from '../../src/lookup/schemas/group.js';
import { consoleEachTest, cookiesOf, csrfOf, rawRequest } from './harness.js';

/**
 * The console's pages over HTTP (no browser needed, so they run everywhere): what they say in
 * the states the browser tests screenshot. Text is read with the tags stripped.
 */
const site = consoleEachTest();
const GROUP = '120363000000000201@g.us';

function text(html: string): string {
  return html
    .replace(/<[^>]+>/gu, ' ')
    .replace(/&#39;/gu, "'")
    .replace(/\s+/gu, ' ');
}

async function page(url: string, route: string): Promise<string> {
  return text(await (await fetch(`${url}${route}`)).text());
}

/** Posts a form of `route`'s page with its CSRF token. */
async function submit(url: string, from: string, action: string, fields: Record<string, string>) {
  const form = await rawRequest(url, from);
  return rawRequest(url, action, {
    method: 'POST',
    headers: { cookie: cookiesOf(form.headers) },
    body: new URLSearchParams({ _csrf: csrfOf(form.body), ...fields }).toString(),
  });
}

const pending = (db: ReturnType<typeof site.harness>['db'], n: number) => {
  const insert = db.prepare(
    "INSERT INTO outbox (chat_id, kind, payload, status, created_at, wa_id) VALUES (?, 'text', '{\"text\":\"hola\"}', 'pending', ?, ?)",
  );
  for (let i = 0; i < n; i++) insert.run(GROUP, Date.now(), `W${n}-${i}`);
};

describe('console pages', () => {
  it('counts with the noun that agrees and es-PE thousands separators', async () => {
    const { db } = site.harness();
    pending(db, 1);
    const url = await site.start();
    expect(await page(url, '/')).toContain('1 pendiente ');
    pending(db, 1);
    expect(await page(url, '/')).toContain('2 pendientes');
    const usage = db.prepare(
      "INSERT INTO usage_log (at, chat_id, operation, saved, outcome) VALUES (?, ?, 'ruc', 0, 'ok')",
    );
    db.transaction(() => {
      for (let i = 0; i < 1200; i++) usage.run(Date.now() - i, GROUP);
    })();
    expect(await page(url, '/')).toContain('Hoy: 1,200 con crédito');
    expect(await page(url, '/usage')).toContain('1,200 consultas');
  });

  it("shows the padrón's edition, its age and when it is too old, or that there is none", async () => {
    const url = await site.start();
    expect(await page(url, '/')).toContain('Padrón de SUNAT: sin copia local');
    const sandbox = await startSandbox({ port: 0, padronRows: 1_000 });
    const edition = addDays(limaDate(new Date()), -5);
    try {
      await updatePadron({
        dataDir: site.harness().deps.dataDir,
        url: `${sandbox.padronUrl}?edition=${edition}`,
        minRowFraction: 0,
        sandbox: true,
      });
    } finally {
      await sandbox.close();
    }
    site.harness().app.padron?.refresh();
    const [year, month, day] = edition.split('-');
    expect(await page(url, '/')).toContain(
      `Padrón de SUNAT: edición del ${day}/${month}/${year} (hace 5 días) · 1,000 RUC · ficticio (sandbox) · desactualizado`,
    );
  });

  it('says «sin consultas aún» where a chart would be empty', async () => {
    const url = await site.start();
    const usage = await (await fetch(`${url}/usage`)).text();
    expect(usage).not.toContain('<canvas');
    expect(text(usage).match(/Sin consultas aún/gu)).toHaveLength(4);
  });

  it('before ever linking and without network: no QR, why, and no unlink', async () => {
    const { state } = site.harness();
    const url = await site.start(
      {},
      {
        actions: { requestPairingCode: async () => '', relink: async () => {}, isPaired: () => false },
      },
    );
    state.update({ kind: 'connecting', attempt: 1 });
    state.update({
      kind: 'reconnecting',
      reason: 'connection',
      code: 408,
      delayMs: 2000,
      attempt: 1,
      alert: false,
    });
    const html = await (await fetch(`${url}/pairing`)).text();
    expect(text(html)).toContain('Todavía no hay código QR: el servidor no llega a WhatsApp');
    expect(text(html)).toContain('El servidor no llega a WhatsApp (código 408)');
    expect(text(html)).not.toMatch(/connection|cuando el equipo no está vinculado/u);
    expect(html).toMatch(/<article class="card danger" data-when="paired"\s+hidden>/u);
  });

  it('keeps a refused driver form, marks the wrong field and saves nothing', async () => {
    const url = await site.start();
    const answer = await submit(url, '/drivers', '/drivers/add', { document: '45-67', phone: '51912345678' });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain('value="45-67"');
    expect(answer.body).toContain('value="51912345678"');
    expect(answer.body).toMatch(/name="document"[^>]*aria-invalid="true"/u);
    expect(answer.body).not.toMatch(/name="phone"[^>]*aria-invalid="true"/u);
    expect(text(answer.body)).toContain('Documento no válido');
    expect(site.harness().deps.services.registry.get(DRIVERS)!.list()).toEqual([]);
  });

  it('says which schedule field is wrong and keeps what was typed', async () => {
    const url = await site.start();
    const answer = await submit(url, '/schedules', '/schedules/add', {
      chatId: GROUP,
      job: 'tc',
      spec: '08:30 cadadia',
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain('value="08:30 cadadia"');
    expect(text(answer.body)).toContain('No se entienden los días');
  });

  it('asks before removing: the remove form sits behind a «Quitar» that only opens it', async () => {
    site.harness().deps.services.registry.get(DRIVERS)!.set('45678912', '51912345678', 'console');
    const url = await site.start();
    const html = await (await fetch(`${url}/drivers`)).text();
    expect(html).toMatch(
      /<details class="confirm"><summary class="button danger">Quitar<\/summary>[\s\S]*¿Quitar al chofer 45678912[\s\S]*<form method="post" action="\/drivers\/remove">/u,
    );
  });

  it('names the outbox chats and words the failure', async () => {
    const { db, deps } = site.harness();
    deps.outbox = createOutboxAdmin(db, { enqueue: () => 0 });
    db.prepare(
      `INSERT INTO outbox (chat_id, kind, payload, status, attempts, failures, last_error, created_at, wa_id)
       VALUES (?, 'text', '{"text":"hola"}', 'failed', 5, 5, 'bad-request', ?, 'W1')`,
    ).run(GROUP, Date.now());
    const directory = {
      list: async () => [
        { JID: GROUP, Name: 'Contabilidad', ParticipantCount: 3, Participants: [] } as unknown as Group,
      ],
      resolveName: async () => undefined,
    };
    const url = await site.start({}, { services: { ...deps.services, directory } });
    const outbox = await page(url, '/outbox');
    expect(outbox).toContain('Contabilidad');
    expect(outbox).not.toContain('@g.us');
    expect(outbox).toContain('5 intentos fallidos: WhatsApp rechazó el mensaje');
    expect(outbox).not.toContain('bad-request');
  });
});
