import type { Alert } from '../ops/alerts.js';
import type { DbStats } from '../ops/db-stats.js';
import type { BudgetPort, ConnectionState, PairingState } from '../ops/ports.js';
import { formatLima } from './render.js';

/**
 * The Status and Pairing pages' view model, also sent as JSON over Server-Sent Events with the
 * parts rendered from it: WhatsApp state and since when the bot is without it, whether a device
 * is linked, lookup mode, outbox, today's lookups, the month's credits against an optional budget,
 * the latest alerts. Data only: the templates word it.
 */
export interface StatusView {
  whatsapp: {
    state: ConnectionState;
    /** When the current state began (Lima time). */
    since: string;
    /** Since when the bot has been without WhatsApp (Lima time); absent while open. */
    offlineSince?: string;
    /** A device is linked (saved session); undefined when this process cannot tell. */
    paired?: boolean;
    linkedNumber?: string;
    /** Why it is reconnecting or stopped (policy words), and WhatsApp's close code. */
    reason?: string;
    code?: number;
    attempt?: number;
    qrVersion?: number;
    pairingCode?: string;
    pairingPhone?: string;
    /** WhatsApp's own words when a pairing code could not be had (shown as a tooltip). */
    pairingError?: string;
  };
  /** Words the pages show or hide parts by (`data-when`): the state, `paired` or `unpaired`. */
  flags: string[];
  lookupMode: 'sandbox' | 'api';
  outbox: { pending: number; failed: number; oldestMinutes?: number };
  today: { spent: number; cached: number; failed: number };
  month: { spent: number; budget?: number; percent?: number };
  /** The local padrón's live edition (YYYY-MM-DD) and its age in Lima days; absent without one. */
  padron?: { edition: string; ageDays: number; stale: boolean; rows: number; sandbox: boolean };
  alerts: { kind: string; title: string; at: string; severity: string; details: AlertDetail[] }[];
}

/** One detail of an alert: its key (the template names it) and value. */
export interface AlertDetail {
  key: string;
  value: string | number | boolean;
}

export interface StatusSources {
  pairing: PairingState;
  /** Whether a device is linked, when the process can tell (the WhatsApp transport's auth). */
  paired?: () => boolean;
  stats: DbStats;
  alerts: () => readonly Alert[];
  sandbox: boolean;
  budget?: BudgetPort;
  /** The padrón mirror's live edition (the app's free sources); absent: not shown. */
  padron?: () =>
    | { edition: { edition: string; rows: number; sandbox: boolean }; ageDays: number; stale: boolean }
    | undefined;
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
  const padron = sources.padron?.();
  const budget = sources.budget?.monthlyCredits();
  // Open means linked whatever the auth says; a QR on screen means nothing is linked.
  const paired =
    snap.connection === 'open' ? true : snap.qr ? false : sources.paired ? sources.paired() : undefined;
  const showsReason = snap.connection === 'reconnecting' || snap.connection === 'stopped';
  return {
    whatsapp: {
      state: snap.connection,
      since: formatLima(snap.since),
      ...(snap.offlineSince ? { offlineSince: formatLima(snap.offlineSince) } : {}),
      ...(paired !== undefined ? { paired } : {}),
      ...(snap.linkedNumber ? { linkedNumber: `+${snap.linkedNumber}` } : {}),
      ...(showsReason && snap.reason ? { reason: snap.reason } : {}),
      ...(showsReason && snap.code !== undefined ? { code: snap.code } : {}),
      ...(snap.connection === 'reconnecting' && snap.attempt ? { attempt: snap.attempt } : {}),
      ...(snap.qr ? { qrVersion: snap.qr.updatedAt.getTime() } : {}),
      ...(snap.pairingCode
        ? {
            pairingCode: `${snap.pairingCode.code.slice(0, 4)}-${snap.pairingCode.code.slice(4)}`,
            pairingPhone: `+${snap.pairingCode.phone}`,
          }
        : {}),
      ...(snap.pairingError ? { pairingError: snap.pairingError } : {}),
    },
    flags: [snap.connection, ...(paired === true ? ['paired'] : paired === false ? ['unpaired'] : [])],
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
    ...(padron
      ? {
          padron: {
            edition: padron.edition.edition,
            ageDays: padron.ageDays,
            stale: padron.stale,
            rows: padron.edition.rows,
            sandbox: padron.edition.sandbox,
          },
        }
      : {}),
    alerts: sources
      .alerts()
      .slice(0, 8)
      .map((alert) => ({
        kind: alert.kind,
        title: alert.title,
        at: formatLima(alert.at),
        severity: alert.severity,
        details: Object.entries(alert.details)
          .filter(
            (entry): entry is [string, string | number | boolean] =>
              entry[1] !== undefined && entry[1] !== '',
          )
          .map(([key, value]) => ({ key, value })),
      })),
  };
}
