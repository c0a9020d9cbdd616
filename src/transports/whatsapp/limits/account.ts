import type { NewChatMessageCapInfo, ReachoutTimelockState } from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { AccountLimitsRepo, NewChatCap, Restriction } from '../../../store/wa-account.js';
import type { SocketLike } from '../connection/socket.js';
import type { WhatsAppStatus } from '../connection/types.js';

/**
 * The account's standing with WhatsApp, as rc14 reports it (read in node_modules/…/lib/):
 * - `connection.update { reachoutTimeLock: { isActive, timeEnforcementEnds?, enforcementType } }`:
 *   a mex notification sets or lifts the restriction (`handleReachoutTimelockNotification`), and
 *   `fetchAccountReachoutTimelock()` emits the same after asking.
 * - `message-capping.update` (mex `MessageCappingInfoNotification`) and `fetchNewChatMessageCap()`
 *   (which emits nothing): the new-chat cap, `{ total_quota, used_quota, cycle_end_timestamp, … }`.
 * rc14 never asks by itself: its `handleBadAck` matches a 463 as "missing tctoken" before the
 * reach-out branch that would fetch, so Chasqui asks at every open and after a 463, at most once a
 * minute. The state is kept in the store (a restart during a restriction still knows it) and each
 * change goes out as a `restriction` / `new-chat-cap` status (console, /readyz, metrics, alerts).
 */

export interface AccountWatchOptions {
  repo: AccountLimitsRepo;
  log: Logger;
  now: () => number;
  emit: (status: WhatsAppStatus) => void;
  /** The restriction ended: what was held may go. */
  onLifted: () => void;
  /** At most one question to WhatsApp per this many ms (default 60 s). */
  minAskIntervalMs?: number;
}

/** While WhatsApp gives no end, a held message is looked at again after this long. */
export const RECHECK_MS = 15 * 60_000;

export class AccountWatch {
  private lastAskAt = Number.NEGATIVE_INFINITY;
  private expiry: NodeJS.Timeout | undefined;
  private current: SocketLike | undefined;

  constructor(private readonly options: AccountWatchOptions) {}

  restriction(): Restriction | undefined {
    return this.options.repo.restriction();
  }

  cap(): NewChatCap | undefined {
    return this.options.repo.cap();
  }

  /** Until when first messages to new chats must wait for the restriction; undefined: they may go. */
  restrictedUntil(now: number): number | undefined {
    const restriction = this.restriction();
    if (!restriction?.active) return undefined;
    if (restriction.until === undefined) return now + RECHECK_MS;
    return restriction.until > now ? restriction.until : undefined;
  }

  /** Until when WhatsApp's own new-chat cap is used up this cycle; undefined: not reached. */
  cappedUntil(now: number): number | undefined {
    const cap = this.cap();
    if (cap?.total === undefined || cap.used === undefined || cap.used < cap.total) return undefined;
    const end = cap.cycleEndsAt ?? now + RECHECK_MS;
    return end > now ? end : undefined;
  }

  /** The stored state, as statuses (at start, before any socket: the console knows at once). */
  announce(): void {
    const restriction = this.restriction();
    if (restriction) this.options.emit(restrictionStatus(restriction));
    const cap = this.cap();
    if (cap) this.options.emit(capStatus(cap));
    this.scheduleExpiry(restriction);
  }

  /** A socket's events: the restriction and the cap as WhatsApp pushes them. */
  attach(sock: SocketLike): void {
    this.current = sock;
    sock.ev.on('connection.update', (update) => {
      if (update.reachoutTimeLock) this.onTimeLock(update.reachoutTimeLock);
    });
    sock.ev.on('message-capping.update', (info) => this.onCap(info));
  }

  detach(sock: SocketLike): void {
    if (this.current === sock) this.current = undefined;
  }

  /** Asks WhatsApp for the restriction and the cap (at open, after a 463), at most once a minute. */
  async ask(sock: SocketLike, why: string): Promise<void> {
    const now = this.options.now();
    if (now - this.lastAskAt < (this.options.minAskIntervalMs ?? 60_000)) return;
    this.lastAskAt = now;
    this.options.log.debug({ why }, 'asking WhatsApp about the account restriction');
    const [lock, cap] = await Promise.allSettled([
      sock.fetchAccountReachoutTimelock?.(),
      sock.fetchNewChatMessageCap?.(),
    ]);
    if (lock.status === 'fulfilled' && lock.value) this.onTimeLock(lock.value);
    else if (lock.status === 'rejected')
      this.options.log.warn({ err: lock.reason }, 'restriction query failed');
    if (cap.status === 'fulfilled' && cap.value) this.onCap(cap.value);
    else if (cap.status === 'rejected')
      this.options.log.debug({ err: cap.reason }, 'new-chat cap query failed');
  }

  onTimeLock(state: ReachoutTimelockState): void {
    const now = this.options.now();
    const before = this.restriction();
    const active = state.isActive === true;
    const until = validTime(state.timeEnforcementEnds);
    const next: Restriction = { active, checkedAt: now };
    if (active) {
      next.since = before?.active && before.since !== undefined ? before.since : now;
      if (until !== undefined) next.until = until;
      if (state.enforcementType) next.enforcement = String(state.enforcementType);
    }
    this.options.repo.setRestriction(next);
    const change = active && !before?.active ? 'started' : !active && before?.active ? 'ended' : undefined;
    if (change) this.options.log.warn({ change, until }, 'WhatsApp restriction of new chats');
    this.options.emit(restrictionStatus(next, change));
    this.scheduleExpiry(next);
    if (change === 'ended') this.options.onLifted();
  }

  onCap(info: NewChatMessageCapInfo): void {
    const cap: NewChatCap = { at: this.options.now() };
    if (typeof info.total_quota === 'number') cap.total = info.total_quota;
    if (typeof info.used_quota === 'number') cap.used = info.used_quota;
    const end = epochMs(info.cycle_end_timestamp);
    if (end !== undefined) cap.cycleEndsAt = end;
    if (info.capping_status) cap.status = String(info.capping_status);
    const wasCapped = this.cappedUntil(cap.at) !== undefined;
    this.options.repo.setCap(cap);
    this.options.emit(capStatus(cap));
    if (wasCapped && this.cappedUntil(cap.at) === undefined) this.options.onLifted();
  }

  stop(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
  }

  /**
   * When the stated end passes: ask WhatsApp (its answer lifts it), or, when it cannot be asked
   * (no open socket, no answer), end it here: WhatsApp Web itself unlocks at that time.
   */
  private scheduleExpiry(restriction: Restriction | undefined): void {
    this.stop();
    if (!restriction?.active || restriction.until === undefined) return;
    const wait = Math.max(0, restriction.until - this.options.now()) + 1000;
    this.expiry = setTimeout(() => void this.expire(), Math.min(wait, 2 ** 31 - 1));
    this.expiry.unref();
  }

  private async expire(): Promise<void> {
    this.expiry = undefined;
    const sock = this.current;
    if (sock?.fetchAccountReachoutTimelock) {
      this.lastAskAt = Number.NEGATIVE_INFINITY;
      await this.ask(sock, 'restriction end');
    }
    const restriction = this.restriction();
    if (restriction?.active && restriction.until !== undefined && restriction.until <= this.options.now()) {
      this.onTimeLock({ isActive: false });
    }
  }
}

function restrictionStatus(restriction: Restriction, change?: 'started' | 'ended'): WhatsAppStatus {
  return {
    kind: 'restriction',
    active: restriction.active,
    ...(restriction.since !== undefined ? { since: restriction.since } : {}),
    ...(restriction.until !== undefined ? { until: restriction.until } : {}),
    ...(restriction.enforcement !== undefined ? { enforcement: restriction.enforcement } : {}),
    ...(change ? { change } : {}),
  };
}

function capStatus(cap: NewChatCap): WhatsAppStatus {
  const { at: _at, ...rest } = cap;
  return { kind: 'new-chat-cap', ...rest };
}

function validTime(value: Date | undefined): number | undefined {
  const ms = value instanceof Date ? value.getTime() : undefined;
  return ms !== undefined && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** WhatsApp's timestamps (seconds as text, sometimes ms) → ms since the epoch. */
function epochMs(value: string | number | undefined): number | undefined {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return n > 1e12 ? n : n * 1000;
}
