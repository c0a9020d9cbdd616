import type { Alert } from '../ops/alerts.js';
import type { DbStats } from '../ops/db-stats.js';
import type { BudgetPort, ConnectionState, PairingSnapshot, PairingState } from './ports.js';
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
  /** `held`: pending rows waiting on purpose for a WhatsApp restriction or cap (issue 21). */
  outbox: { pending: number; failed: number; held: number; oldestMinutes?: number };
  /** WhatsApp's limits on the account (issue 21): the Estado page's card. */
  limits: LimitsView;
  today: { spent: number; cached: number; failed: number };
  month: { spent: number; budget?: number; percent?: number };
  /** The local padrón's live edition (YYYY-MM-DD) and its age in Lima days; absent without one. */
  padron?: { edition: string; ageDays: number; stale: boolean; rows: number; sandbox: boolean };
  alerts: { kind: string; title: string; at: string; severity: string; details: AlertDetail[] }[];
}

/** What WhatsApp allows the account now, and what Chasqui holds back because of it. */
export interface LimitsView {
  /** WhatsApp has told about the restriction at least once (else: not known yet). */
  known: boolean;
  /** No first messages to new chats now (reach-out time lock). */
  restricted: boolean;
  /** Lima times: since when Chasqui knows, until when WhatsApp says (absent: not said). */
  since?: string;
  until?: string;
  enforcement?: string;
  /** WhatsApp's new-chat cap this cycle, when it told. */
  cap?: { total?: number; used?: number; cycleEnds?: string; status?: string };
  /** First messages to new chats today (Lima day) and Chasqui's daily cap. */
  today: number;
  dailyCap?: number;
  /** Messages held now (they go when the hold ends). */
  held: number;
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
  /** Chasqui's cap on first messages to new chats per Lima day (`whatsapp.newChats.dailyCap`). */
  firstMessagesDailyCap?: number;
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
      held: outbox.held,
      ...(outbox.oldestPendingAt !== undefined
        ? { oldestMinutes: Math.floor((sources.now() - outbox.oldestPendingAt) / 60_000) }
        : {}),
    },
    limits: limitsView(snap, outbox.held, sources),
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

function limitsView(snap: PairingSnapshot, held: number, sources: StatusSources): LimitsView {
  const now = sources.now();
  const restriction = snap.restriction;
  const restricted =
    restriction?.active === true && (restriction.until === undefined || restriction.until.getTime() > now);
  const cap = snap.newChatCap;
  return {
    known: restriction !== undefined,
    restricted,
    ...(restricted && restriction.since ? { since: formatLima(restriction.since) } : {}),
    ...(restricted && restriction.until ? { until: formatLima(restriction.until) } : {}),
    ...(restricted && restriction.enforcement ? { enforcement: restriction.enforcement } : {}),
    ...(cap
      ? {
          cap: {
            ...(cap.total !== undefined ? { total: cap.total } : {}),
            ...(cap.used !== undefined ? { used: cap.used } : {}),
            ...(cap.cycleEndsAt ? { cycleEnds: formatLima(cap.cycleEndsAt) } : {}),
            ...(cap.status ? { status: cap.status } : {}),
          },
        }
      : {}),
    today: sources.stats.firstMessagesSince(sources.dayStart()),
    ...(sources.firstMessagesDailyCap !== undefined ? { dailyCap: sources.firstMessagesDailyCap } : {}),
    held,
  };
}
