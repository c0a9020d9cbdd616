import { statfs } from 'node:fs/promises';
import type { PairingSnapshot, PairingState } from '../console/ports.js';
import type { DbStats } from './db-stats.js';

/**
 * `/healthz` (the process answers) and `/readyz` (it can do its job: WhatsApp open, outbox
 * draining, database writable, disk space above a threshold), as JSON bodies with one entry per
 * check so an operator sees which one failed. A WhatsApp restriction of new chats makes the bot
 * `degraded`, not down: groups and established chats still work (HTTP 200, status `degraded`), and
 * the messages it holds meanwhile are told apart from a stuck outbox.
 */
export interface ReadinessOptions {
  pairing: PairingState;
  stats: DbStats;
  dataDir: string;
  /** Free bytes below this fail the disk check (default 100 MiB). */
  minFreeBytes?: number;
  /** A pending message older than this while WhatsApp is open means the outbox is stuck (default 10 min). */
  maxPendingAgeMs?: number;
  now?: () => number;
  freeBytes?: (dir: string) => Promise<number>;
}

export interface Check {
  ok: boolean;
  detail: string;
  /** Working, but not fully (WhatsApp restricts new chats): ready, with status `degraded`. */
  degraded?: boolean;
}

export interface Readiness {
  ready: boolean;
  /** `ready`, `degraded` (ready, some check degraded) or `not ready`. */
  status: 'ready' | 'degraded' | 'not ready';
  checks: Record<'whatsapp' | 'restriction' | 'outbox' | 'database' | 'disk', Check>;
}

async function statfsFree(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

export const DEFAULT_MIN_FREE_BYTES = 100 * 1024 * 1024;

export async function checkReadiness(options: ReadinessOptions): Promise<Readiness> {
  const now = options.now ?? Date.now;
  const snapshot = options.pairing.snapshot();
  // Not open: since when the bot has been without WhatsApp, however many retries since then.
  const whatsapp: Check = {
    ok: snapshot.connection === 'open',
    detail: snapshot.offlineSince
      ? `${snapshot.connection}, without WhatsApp since ${snapshot.offlineSince.toISOString()}`
      : `${snapshot.connection} since ${snapshot.since.toISOString()}`,
  };
  const outboxStats = options.stats.outbox();
  const maxAge = options.maxPendingAgeMs ?? 10 * 60_000;
  const age = outboxStats.oldestPendingAt === undefined ? 0 : now() - outboxStats.oldestPendingAt;
  // Held rows wait on purpose; `oldestPendingAt` leaves them out while their hold lasts.
  const outbox: Check = {
    ok: age <= maxAge,
    detail:
      `${outboxStats.pending} pending, oldest ${Math.round(age / 1000)} s` +
      (outboxStats.held > 0 ? `, ${outboxStats.held} held by a WhatsApp restriction or cap` : ''),
  };
  const restriction = restrictionCheck(snapshot.restriction, now());
  const writable = options.stats.writable();
  const database: Check = { ok: writable, detail: writable ? 'writable' : 'not writable' };
  const minFree = options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  let disk: Check;
  try {
    const free = await (options.freeBytes ?? statfsFree)(options.dataDir);
    disk = {
      ok: free >= minFree,
      detail: `${Math.floor(free / 1048576)} MiB free (min ${Math.floor(minFree / 1048576)})`,
    };
  } catch (error) {
    disk = { ok: false, detail: `statfs failed: ${(error as Error).message}` };
  }
  const checks = { whatsapp, restriction, outbox, database, disk };
  const ready = Object.values(checks).every((check) => check.ok);
  const degraded = Object.values(checks).some((check) => check.degraded);
  return { ready, status: !ready ? 'not ready' : degraded ? 'degraded' : 'ready', checks };
}

/** WhatsApp's restriction of new chats: degraded while it lasts, never a failure. */
function restrictionCheck(restriction: PairingSnapshot['restriction'], now: number): Check {
  const active =
    restriction?.active === true && (restriction.until === undefined || restriction.until.getTime() > now);
  if (!active) return { ok: true, detail: 'new chats allowed' };
  const until = restriction.until ? ` until ${restriction.until.toISOString()}` : ' (no end given)';
  return {
    ok: true,
    degraded: true,
    detail: `WhatsApp restricts new chats${until}; groups and known chats work`,
  };
}
