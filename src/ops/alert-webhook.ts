import { type Dispatcher, request } from 'undici';
import type { Alert, AlertSink } from './alerts.js';

/**
 * The alert webhook (`CHASQUI_ALERT_WEBHOOK`): a JSON POST per alert, retried with exponential
 * backoff on network errors and non-2xx answers, because the receiver may be briefly down too.
 */
export interface WebhookOptions {
  url: string;
  /** Attempts in all (default 5). */
  attempts?: number;
  /** First wait between attempts, doubled each time (default 1000 ms). */
  baseDelayMs?: number;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
  sleep?: (ms: number) => Promise<void>;
  /** The instance's name in the payload (default "chasqui"). */
  source?: string;
}

/** The JSON body: stable field names a receiver (Slack relay, n8n, PagerDuty bridge) can map. */
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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createWebhookSink(options: WebhookOptions): AlertSink {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (alert) => {
    const body = JSON.stringify(webhookPayload(alert, options.source ?? 'chasqui'));
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await request(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        });
        await response.body.dump();
        if (response.statusCode >= 200 && response.statusCode < 300) return;
        lastError = new Error(`webhook answered HTTP ${response.statusCode}`);
      } catch (error) {
        lastError = error;
      }
      if (attempt < attempts) await sleep(baseDelayMs * 2 ** (attempt - 1));
    }
    // The URL may hold a secret token: never put it in the error.
    throw new Error(
      `alert webhook failed after ${attempts} attempts: ${String((lastError as Error)?.message ?? lastError)}`,
    );
  };
}
