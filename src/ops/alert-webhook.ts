import type { Dispatcher } from 'undici';
import { CONFIG_DEFAULTS } from '../config.js';
import type { AlertFormat } from '../config/rules.js';
import { alertRequest } from './alert-formats.js';
import { type Alert, ALERT_KINDS, type AlertSink } from './alerts.js';
import { lazy } from '../lazy.js';

/** undici's whole library, loaded with the first alert sent (issue 22: lookups use src/lookup/pool.ts). */
const loadUndici = lazy(() => import('undici'));

/**
 * The alert webhook (`CHASQUI_ALERT_WEBHOOK`): a POST per alert in the body its service needs
 * (`alerts.format`), retried with exponential backoff on network errors and non-2xx answers,
 * because the receiver may be briefly down too. The console's test send posts once.
 */
export interface WebhookOptions {
  url: string;
  /** The receiving service's body (default generic JSON). */
  format?: AlertFormat;
  /** Attempts in all (default 5). */
  attempts?: number;
  /** First wait between attempts, doubled each time (default 1000 ms). */
  baseDelayMs?: number;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
  sleep?: (ms: number) => Promise<void>;
  /** The instance's name in every alert (default "chasqui"). */
  source?: string;
}

/** How one POST went: accepted (2xx), or the HTTP status / the network error it got instead. */
export type WebhookAnswer = { ok: true } | { ok: false; status?: number; error?: string };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One POST of `alert`; never throws. The URL may hold a secret token: no answer names it. */
async function postOnce(options: WebhookOptions, alert: Alert): Promise<WebhookAnswer> {
  const { headers, body } = alertRequest(
    alert,
    options.source ?? CONFIG_DEFAULTS.instance,
    options.format ?? 'generic',
  );
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    const { request } = await loadUndici();
    const response = await request(options.url, {
      method: 'POST',
      headers,
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    await response.body.dump();
    if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true };
    return { ok: false, status: response.statusCode };
  } catch (error) {
    return { ok: false, error: (error as { code?: string }).code ?? (error as Error).name };
  }
}

export function createWebhookSink(options: WebhookOptions): AlertSink {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const sleep = options.sleep ?? defaultSleep;
  return async (alert) => {
    let last: WebhookAnswer = { ok: false };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      last = await postOnce(options, alert);
      if (last.ok) return;
      if (attempt < attempts) await sleep(baseDelayMs * 2 ** (attempt - 1));
    }
    const why = last.ok ? '' : last.status !== undefined ? `HTTP ${last.status}` : (last.error ?? 'error');
    throw new Error(`alert webhook failed after ${attempts} attempts: ${why}`);
  };
}

/** Posts the console's test alert once (no retries: the operator is waiting for the answer). */
export function testWebhook(options: WebhookOptions, now: Date = new Date()): Promise<WebhookAnswer> {
  const alert: Alert = { kind: 'test', ...ALERT_KINDS.test, details: {}, at: now };
  return postOnce(options, alert);
}
