import type { Alert } from '../ops/alerts.js';
import type { DbStats } from '../ops/db-stats.js';
import type { BudgetPort, ConnectionState, PairingState } from './ports.js';
import { formatLima } from './render.js';

/**
 * The Status page's view model, also sent as JSON over Server-Sent Events so the page updates
 * without a reload: WhatsApp state and since when, linked number, lookup mode, outbox, today's
 * lookups, the month's credits against an optional budget, the latest alerts.
 */
export interface StatusView {
  whatsapp: {
    state: ConnectionState;
    label: string;
    since: string;
    linkedNumber?: string;
    detail?: string;
    qrVersion?: number;
    pairingCode?: string;
    pairingPhone?: string;
    pairingError?: string;
  };
  lookupMode: 'sandbox' | 'api';
  outbox: { pending: number; failed: number; oldestMinutes?: number };
  today: { spent: number; cached: number; failed: number };
  month: { spent: number; budget?: number; percent?: number };
  alerts: { title: string; at: string; severity: string; details: string }[];
}

export const CONNECTION_LABELS: Record<ConnectionState, string> = {
  connecting: 'Conectando…',
  pairing: 'Esperando vinculación',
  open: 'Conectado',
  reconnecting: 'Reconectando',
  stopped: 'Detenido',
};

export interface StatusSources {
  pairing: PairingState;
  stats: DbStats;
  alerts: () => readonly Alert[];
  sandbox: boolean;
  budget?: BudgetPort;
  /** Start of today and of this month in Lima (epoch ms). */
  dayStart: () => number;
  monthStart: () => number;
  now: () => number;
}

export function buildStatusView(sources: StatusSources): StatusView {
  const snap = sources.pairing.snapshot();
  const outbox = sources.stats.outbox();
  const sumOf = (since: number) =>
    sources.stats.lookups(since).reduce(
      (acc, row) => ({
        spent: acc.spent + row.spent,
        cached: acc.cached + row.cached,
        failed: acc.failed + row.failed,
      }),
      { spent: 0, cached: 0, failed: 0 },
    );
  const month = sumOf(sources.monthStart());
  const budget = sources.budget?.monthlyCredits();
  const detail = [snap.reason, snap.code !== undefined ? `código ${snap.code}` : undefined]
    .filter(Boolean)
    .join(', ');
  return {
    whatsapp: {
      state: snap.connection,
      label: CONNECTION_LABELS[snap.connection],
      since: formatLima(snap.since),
      ...(snap.linkedNumber ? { linkedNumber: `+${snap.linkedNumber}` } : {}),
      ...(detail ? { detail } : {}),
      ...(snap.qr ? { qrVersion: snap.qr.updatedAt.getTime() } : {}),
      ...(snap.pairingCode
        ? {
            pairingCode: `${snap.pairingCode.code.slice(0, 4)}-${snap.pairingCode.code.slice(4)}`,
            pairingPhone: `+${snap.pairingCode.phone}`,
          }
        : {}),
      ...(snap.pairingError ? { pairingError: snap.pairingError } : {}),
    },
    lookupMode: sources.sandbox ? 'sandbox' : 'api',
    outbox: {
      pending: outbox.pending,
      failed: outbox.failed,
      ...(outbox.oldestPendingAt !== undefined
        ? { oldestMinutes: Math.floor((sources.now() - outbox.oldestPendingAt) / 60_000) }
        : {}),
    },
    today: sumOf(sources.dayStart()),
    month: {
      spent: month.spent,
      ...(budget !== undefined
        ? { budget, percent: Math.round((month.spent / Math.max(1, budget)) * 100) }
        : {}),
    },
    alerts: sources
      .alerts()
      .slice(0, 8)
      .map((alert) => ({
        title: alert.title,
        at: formatLima(alert.at),
        severity: alert.severity,
        details: Object.entries(alert.details)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join(', '),
      })),
  };
}
