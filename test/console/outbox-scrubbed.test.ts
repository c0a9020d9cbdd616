import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxAdmin } from '../../src/console/outbox-admin.js';
import { type ConsoleServer, startConsole } from '../../src/console/server.js';
import type { Outbox } from '../../src/store/outbox.js';
import { prepareOutboxScrub } from '../../src/store/outbox-scrub.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';
import { consoleHarness } from './harness.js';

/**
 * The console's "Reintentar" against the outbox scrub (issue 10 meets issue 13): a failed row
 * whose content was scrubbed after the retention window is not sent again as an empty message.
 */
let dir: string;
let harness: ReturnType<typeof consoleHarness>;
let server: ConsoleServer | undefined;
const enqueued: OutgoingMessage[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-console-scrub-'));
  harness = consoleHarness(dir);
  enqueued.length = 0;
  const outbox: Pick<Outbox, 'enqueue'> = {
    enqueue: (_chatId, message) => {
      enqueued.push(message);
      return 0;
    },
  };
  harness.deps.outbox = createOutboxAdmin(harness.db, outbox);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await harness.close();
  rmSync(dir, { recursive: true, force: true });
});

function failedRow(text: string, createdAt: number): number {
  return Number(
    harness.db
      .prepare(
        `INSERT INTO outbox (chat_id, kind, payload, status, attempts, failures, last_error, created_at, wa_id)
         VALUES ('120363000000000201@g.us', 'text', ?, 'failed', 5, 5, 'bad-request', ?, ?)`,
      )
      .run(JSON.stringify({ text }), createdAt, `W${createdAt}`).lastInsertRowid,
  );
}

async function post(url: string, cookie: string, body: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(body).toString(),
  });
}

describe('console outbox retry of a scrubbed row', () => {
  it('says the content is gone instead of queueing an empty message; a fresh row still retries', async () => {
    const now = Date.now();
    const old = failedRow('Hola Rosa Quispe, su guía T001-42', now - 3 * 3_600_000);
    const fresh = failedRow('Tipo de cambio del día', now - 5 * 60_000);
    expect(prepareOutboxScrub(harness.db)(now - 3_600_000)).toBe(1);

    server = await startConsole(harness.deps, { host: '127.0.0.1', port: 0 });
    const page = await fetch(`${server.url}/outbox`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const html = await page.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(html).toContain('(contenido borrado por privacidad)');
    expect(html).not.toContain('Rosa Quispe');
    expect(html.match(/action="\/outbox\/retry"/g)).toHaveLength(1);

    const refused = await post(`${server.url}/outbox/retry`, cookie, { _csrf: csrf, id: String(old) });
    expect(refused.headers.get('location')).toBe('/outbox?nota=outbox-scrubbed');
    expect(enqueued).toEqual([]);
    const shown = await (
      await fetch(`${server.url}/outbox?nota=outbox-scrubbed`, { headers: { cookie } })
    ).text();
    expect(shown).toContain('ya no se puede reintentar');

    const retried = await post(`${server.url}/outbox/retry`, cookie, { _csrf: csrf, id: String(fresh) });
    expect(retried.headers.get('location')).toBe('/outbox?nota=outbox-retried');
    expect(enqueued).toEqual([{ kind: 'text', text: 'Tipo de cambio del día' }]);
  });
});
