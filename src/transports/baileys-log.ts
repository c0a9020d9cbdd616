import type { Logger } from 'pino';

/**
 * Baileys logs every message it cannot decrypt ("failed to decrypt message": Bad MAC, No session
 * record…) at error level, once per message: a device with a broken session floods the log. This
 * wrapper lets the first one per sender through, then at most one per `intervalMs` carrying how
 * many were held back (`suppressed`). Everything else passes unchanged.
 */

/** Baileys' ILogger (Utils/logger.d.ts). */
export interface BaileysLogger {
  level: string;
  child(obj: Record<string, unknown>): BaileysLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

const DECRYPT_FAILURE = 'failed to decrypt message';

interface Window {
  until: number;
  held: number;
}

function senderOf(obj: unknown): string {
  if (typeof obj !== 'object' || obj === null) return '?';
  const o = obj as {
    author?: unknown;
    sender?: unknown;
    key?: { participant?: unknown; remoteJid?: unknown };
  };
  return String(o.author ?? o.sender ?? o.key?.participant ?? o.key?.remoteJid ?? '?');
}

export function rateLimitDecryptLogs(
  logger: Logger,
  options: { intervalMs?: number; now?: () => number; maxSenders?: number } = {},
): BaileysLogger {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  const wrap = (inner: Logger): BaileysLogger => ({
    get level() {
      return inner.level;
    },
    set level(value: string) {
      inner.level = value;
    },
    child: (obj) => wrap(inner.child(obj)),
    trace: (obj, msg) => inner.trace(obj, msg),
    debug: (obj, msg) => inner.debug(obj, msg),
    info: (obj, msg) => inner.info(obj, msg),
    warn: (obj, msg) => inner.warn(obj, msg),
    error(obj, msg) {
      if (msg !== DECRYPT_FAILURE) {
        inner.error(obj, msg);
        return;
      }
      const sender = senderOf(obj);
      const at = now();
      const window = windows.get(sender);
      if (window && at < window.until) {
        window.held += 1;
        return;
      }
      windows.delete(sender);
      if (windows.size >= (options.maxSenders ?? 1000)) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      windows.set(sender, { until: at + intervalMs, held: 0 });
      const fields = { ...(obj as object), suppressed: window?.held ?? 0, intervalMs };
      inner.error(fields, msg);
    },
  });
  return wrap(logger);
}
