import type { AlertFormat } from '../config/rules.js';
import { type Alert, alertDetailsText } from './alerts.js';

/**
 * The body each alert service needs (`alerts.format`): a receiver that gets the wrong shape
 * drops the alert (Discord answers 400 without `content`) or shows raw JSON (ntfy). Every format
 * names the instance, so alerts from several numbers can be told apart in one channel.
 */
export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** The generic JSON body: stable field names a receiver (n8n, a PagerDuty bridge) can map. */
export function webhookPayload(alert: Alert, source: string) {
  return {
    source,
    kind: alert.kind,
    severity: alert.severity,
    title: alert.title,
    details: alert.details,
    at: alert.at.toISOString(),
    text: `[${source}] ${alert.title}`,
  };
}

/** `[ventas] Title`, the heading every human-readable format starts with. */
function heading(alert: Alert, source: string): string {
  return `${alert.severity === 'critical' ? '🚨' : '⚠️'} [${source}] ${alert.title}`;
}

/** The heading, then the details on a second line (none when the alert has none). */
function plainText(alert: Alert, source: string): string {
  const details = alertDetailsText(alert);
  return details ? `${heading(alert, source)}\n${details}` : heading(alert, source);
}

/**
 * ntfy reads header values as UTF-8 only when RFC 2047-encoded; HTTP headers are bytes, and the
 * Spanish titles have accents. ASCII text goes as it is.
 */
function headerText(text: string): string {
  return /^[\x20-\x7e]*$/u.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** Microsoft Teams (a Workflows "when a webhook request is received" flow): one Adaptive Card. */
function teamsCard(alert: Alert, source: string) {
  const facts = Object.entries(alert.details)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([title, value]) => ({ title, value: String(value) }));
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: heading(alert, source),
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
              color: alert.severity === 'critical' ? 'Attention' : 'Warning',
            },
            ...(facts.length > 0 ? [{ type: 'FactSet', facts }] : []),
            { type: 'TextBlock', text: alert.at.toISOString(), isSubtle: true, size: 'Small', wrap: true },
          ],
        },
      },
    ],
  };
}

/** The HTTP request (headers and body) that posts `alert` to a service of this format. */
export function alertRequest(alert: Alert, source: string, format: AlertFormat): WebhookRequest {
  switch (format) {
    case 'generic':
      return { headers: JSON_TYPE, body: JSON.stringify(webhookPayload(alert, source)) };
    case 'slack':
      return { headers: JSON_TYPE, body: JSON.stringify({ text: plainText(alert, source) }) };
    case 'discord':
      // Discord cuts `content` at 2,000 characters; a detail can never ping @everyone.
      return {
        headers: JSON_TYPE,
        body: JSON.stringify({
          content: plainText(alert, source).slice(0, 2000),
          allowed_mentions: { parse: [] },
        }),
      };
    case 'ntfy':
      return {
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          title: headerText(`[${source}] ${alert.title}`),
          priority: alert.severity === 'critical' ? 'urgent' : 'high',
          tags: alert.severity === 'critical' ? 'rotating_light' : 'warning',
        },
        body: alertDetailsText(alert) || alert.title,
      };
    case 'teams':
      return { headers: JSON_TYPE, body: JSON.stringify(teamsCard(alert, source)) };
  }
}
