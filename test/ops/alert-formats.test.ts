import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertFormat } from '../../src/config/rules.js';
import { createWebhookSink, testWebhook } from '../../src/ops/alert-webhook.js';
import { ALERT_KINDS, createAlerts } from '../../src/ops/alerts.js';

/**
 * Each `alerts.format` against a loopback receiver that checks what that service checks: Discord
 * refuses a body without `content`, Slack one without `text`, Teams' Workflows webhook expects an
 * Adaptive Card attachment, ntfy publishes the body as the message and the Title header as its
 * title. A body of the wrong shape gets the 400 the service would answer.
 */

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What each service refuses, as a reason; undefined when it would take the message. */
const CHECKS: Record<AlertFormat, (hit: Hit) => string | undefined> = {
  generic: (hit) => {
    const body = json(hit);
    return typeof body?.kind === 'string' && typeof body.source === 'string' ? undefined : 'no kind/source';
  },
  slack: (hit) => {
    const text = json(hit)?.text;
    return typeof text === 'string' && text !== '' ? undefined : 'no_text';
  },
  discord: (hit) => {
    const content = json(hit)?.content;
    return typeof content === 'string' && content !== '' && content.length <= 2000
      ? undefined
      : 'Cannot send an empty message';
  },
  ntfy: (hit) => {
    if (!String(hit.headers['content-type']).startsWith('text/plain')) return 'not plain text';
    return json(hit) === undefined && hit.body !== '' ? undefined : 'a JSON body is shown raw';
  },
  teams: (hit) => {
    const attachment = (
      json(hit)?.attachments as { contentType?: string; content?: { type?: string } }[]
    )?.[0];
    return json(hit)?.type === 'message' &&
      attachment?.contentType === 'application/vnd.microsoft.card.adaptive' &&
      attachment.content?.type === 'AdaptiveCard'
      ? undefined
      : 'no Adaptive Card';
  },
};

function json(hit: Hit): Record<string, unknown> | undefined {
  if (!String(hit.headers['content-type']).startsWith('application/json')) return undefined;
  try {
    return JSON.parse(hit.body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** How ntfy reads a header: RFC 2047 `=?UTF-8?B?…?=` decoded, plain ASCII as it is. */
function decodeHeader(value: string | string[] | undefined): string {
  const text = String(value ?? '');
  const encoded = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=$/i.exec(text);
  return encoded ? Buffer.from(encoded[1] ?? '', 'base64').toString('utf8') : text;
}

let servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  servers = [];
});

/** A receiver on 127.0.0.1 for one format: records each request and answers as the service would. */
async function service(format: AlertFormat): Promise<{ url: string; hits: Hit[] }> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const hit = { headers: req.headers, body };
      hits.push(hit);
      const refused = CHECKS[format](hit);
      res.writeHead(refused ? 400 : 200, { 'content-type': 'text/plain' }).end(refused ?? 'ok');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/secreto`, hits };
}

/** One alert raised through the real alerts and webhook sink; what the receiver got. */
async function deliver(format: AlertFormat): Promise<Hit> {
  const { url, hits } = await service(format);
  const failures: unknown[] = [];
  const sink = createWebhookSink({ url, format, source: 'ventas', attempts: 1 });
  const alerts = createAlerts({
    sinks: [(alert) => Promise.resolve(sink(alert)).catch((error: unknown) => void failures.push(error))],
  });
  alerts.raise('delivery-failed', { guide: 'T001-00000042', code: 463 });
  await alerts.idle();
  expect(failures).toEqual([]);
  expect(hits).toHaveLength(1);
  return hits[0] as Hit;
}

const TITLE = ALERT_KINDS['delivery-failed'].title;

describe('alert formats, each as its service needs it', () => {
  it('generic: the stable JSON fields, with the instance as source', async () => {
    const hit = await deliver('generic');
    expect(JSON.parse(hit.body)).toMatchObject({
      source: 'ventas',
      kind: 'delivery-failed',
      severity: 'warning',
      title: TITLE,
      details: { guide: 'T001-00000042', code: 463 },
      text: `[ventas] ${TITLE}`,
    });
  });

  it('slack: `text` with the instance, the title and the details', async () => {
    const hit = await deliver('slack');
    expect(JSON.parse(hit.body)).toEqual({
      text: `⚠️ [ventas] ${TITLE}\nguide: T001-00000042, code: 463`,
    });
  });

  it('discord: `content`, and no detail can ping anyone', async () => {
    const hit = await deliver('discord');
    const body = JSON.parse(hit.body) as { content: string; allowed_mentions: unknown };
    expect(body.content).toBe(`⚠️ [ventas] ${TITLE}\nguide: T001-00000042, code: 463`);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('ntfy: the details as plain text, the title (accents intact) and priority in headers', async () => {
    const hit = await deliver('ntfy');
    expect(hit.body).toBe('guide: T001-00000042, code: 463');
    expect(hit.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(decodeHeader(hit.headers.title)).toBe(`[ventas] ${TITLE}`);
    expect(hit.headers.priority).toBe('high');
    expect(hit.headers.tags).toBe('warning');
  });

  it('teams: an Adaptive Card with the heading and the details as facts', async () => {
    const hit = await deliver('teams');
    const card = (JSON.parse(hit.body) as { attachments: { content: { body: Record<string, unknown>[] } }[] })
      .attachments[0]?.content;
    expect(card?.body[0]).toMatchObject({
      type: 'TextBlock',
      text: `⚠️ [ventas] ${TITLE}`,
      color: 'Warning',
    });
    expect(card?.body[1]).toEqual({
      type: 'FactSet',
      facts: [
        { title: 'guide', value: 'T001-00000042' },
        { title: 'code', value: '463' },
      ],
    });
  });

  it('a critical alert is marked as such where the service has a way to', async () => {
    const { url, hits } = await service('ntfy');
    const sink = createWebhookSink({ url, format: 'ntfy', source: 'cobranzas', attempts: 1 });
    const alerts = createAlerts({ sinks: [sink] });
    alerts.raise('forbidden', { code: 403 });
    await alerts.idle();
    expect(hits[0]?.headers.priority).toBe('urgent');
    expect(decodeHeader(hits[0]?.headers.title)).toBe(`[cobranzas] ${ALERT_KINDS.forbidden.title}`);
  });

  it('the generic body is what Discord refuses (Slack reads its `text`): why the format exists', async () => {
    const discord = await service('discord');
    expect(await testWebhook({ url: discord.url, source: 'ventas' })).toEqual({ ok: false, status: 400 });
    const slack = await service('slack');
    expect(await testWebhook({ url: slack.url, source: 'ventas' })).toEqual({ ok: true });
  });

  it('the console test send reaches every service once, in its format, and says how it went', async () => {
    for (const format of Object.keys(CHECKS) as AlertFormat[]) {
      const { url, hits } = await service(format);
      expect(await testWebhook({ url, format, source: 'ventas' }), format).toEqual({ ok: true });
      expect(hits, format).toHaveLength(1);
      const seen = format === 'ntfy' ? decodeHeader(hits[0]?.headers.title) : (hits[0]?.body ?? '');
      expect(seen, format).toContain(ALERT_KINDS.test.title);
      expect(seen, format).toContain('ventas');
    }
    const unreachable = await testWebhook({ url: 'http://127.0.0.1:9/hook', timeoutMs: 2000 });
    expect(unreachable).toMatchObject({ ok: false, error: 'ECONNREFUSED' });
  });
});
