import type { ConnectionState, PairingSnapshot, PairingState } from '../console/ports.js';
import { phoneOf } from '../transports/ids.js';
import type { WhatsAppStatus } from '../transports/whatsapp/index.js';

/**
 * Keeps the latest WhatsApp connection and pairing state from the transport's statuses, for the
 * console (QR, pairing code, linked number, state and since when) and for /readyz.
 */
export interface WhatsAppStateTracker extends PairingState {
  /** Feed every transport status here (start.ts chains it after the terminal console). */
  update(status: WhatsAppStatus): void;
  /** Closes by code since start (metrics: reconnects by code). */
  closes(): ReadonlyMap<string, number>;
  /** Retry receipts by group id ('direct' for one-to-one chats) since start (metrics). */
  retries(): ReadonlyMap<string, number>;
}

export function createWhatsAppState(now: () => Date = () => new Date()): WhatsAppStateTracker {
  const started = now();
  let snapshot: PairingSnapshot = { connection: 'connecting', since: started, offlineSince: started };
  const listeners = new Set<() => void>();
  const closes = new Map<string, number>();
  const retries = new Map<string, number>();
  const time = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms));
  const set = (connection: ConnectionState, patch: Partial<PairingSnapshot> = {}) => {
    const at = now();
    const since = connection === snapshot.connection ? snapshot.since : at;
    const { offlineSince, ...rest } = snapshot;
    snapshot = { ...rest, connection, since, ...patch };
    if (connection !== 'open') snapshot.offlineSince = offlineSince ?? at;
  };
  const countClose = (code: number | undefined) => {
    const key = code === undefined ? 'none' : String(code);
    closes.set(key, (closes.get(key) ?? 0) + 1);
  };
  const apply = (status: WhatsAppStatus) => {
    switch (status.kind) {
      case 'connecting':
        // A retry after a lost connection is still reconnecting (the page must not flicker).
        set(
          snapshot.connection === 'open' || snapshot.connection === 'reconnecting'
            ? 'reconnecting'
            : snapshot.connection === 'pairing'
              ? 'pairing'
              : 'connecting',
          { attempt: status.attempt },
        );
        return;
      case 'qr': {
        // A QR means no device is linked (first pairing, or after an unlink): forget the old number.
        const { pairingCode: _code, pairingError: _error, linkedNumber: _linked, ...rest } = snapshot;
        snapshot = rest;
        set('pairing', { qr: { value: status.qr, updatedAt: now() } });
        return;
      }
      case 'pairing-code':
        set('pairing', { pairingCode: { code: status.code, phone: status.phone, at: now() } });
        delete snapshot.pairingError;
        return;
      case 'pairing-code-failed':
        set('pairing', { pairingError: status.error });
        return;
      case 'restarting':
        return;
      case 'open': {
        const { qr: _qr, pairingCode: _code, pairingError: _error, code: _c, reason: _r, ...rest } = snapshot;
        snapshot = rest;
        const linked = status.selfIds.map(phoneOf).find(Boolean);
        set('open', linked ? { linkedNumber: linked } : {});
        return;
      }
      case 'groups':
        return;
      case 'restriction': {
        const since = time(status.since);
        const until = time(status.until);
        snapshot = {
          ...snapshot,
          restriction: {
            active: status.active,
            ...(since ? { since } : {}),
            ...(until ? { until } : {}),
            ...(status.enforcement ? { enforcement: status.enforcement } : {}),
          },
        };
        return;
      }
      case 'new-chat-cap': {
        const { kind: _kind, cycleEndsAt, ...cap } = status;
        const end = time(cycleEndsAt);
        snapshot = { ...snapshot, newChatCap: { ...cap, ...(end ? { cycleEndsAt: end } : {}) } };
        return;
      }
      case 'retry-receipt':
        retries.set(status.chatId, (retries.get(status.chatId) ?? 0) + 1);
        return;
      case 'reconnecting':
        countClose(status.code);
        set('reconnecting', {
          ...(status.code !== undefined ? { code: status.code } : {}),
          reason: status.reason,
          attempt: status.attempt,
        });
        return;
      case 'stopped': {
        if (status.reason !== 'shutdown') countClose(status.code);
        const { qr: _qr, ...rest } = snapshot;
        snapshot = rest;
        set('stopped', {
          ...(status.code !== undefined ? { code: status.code } : {}),
          reason: status.reason,
        });
        return;
      }
    }
  };
  return {
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(status) {
      apply(status);
      if (status.kind === 'retry-receipt') return; // a counter only: the pages need no redraw
      for (const listener of listeners) listener();
    },
    closes: () => closes,
    retries: () => retries,
  };
}
