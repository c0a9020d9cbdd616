import type { Logger } from 'pino';

/**
 * Baileys logs every message it cannot decrypt ("failed to decrypt message": Bad MAC, No session
 * record…) at error level, once per message: a device with a broken session floods the log. This
 * wrapper lets the first one per sender through, then at most one per `intervalMs` carrying how
 * many were held back (`suppressed`). Everything else passes unchanged.
 *
 * libsignal (node_modules/libsignal/src/session_cipher.js) adds its own lines for the same
 * failures straight to `console.error` / `console.warn` ("Failed to decrypt message with any known
 * session...", then "Session error:Error: Bad MAC" with a stack per session tried), bypassing any
 * logger. While started, exactly those known lines are taken from the console into the same
 * limiter (keyed by the line, as libsignal does not name the sender: Baileys' own line does) and
 * logged as warnings; any other console output passes untouched. Held-back counts are reported
 * by a timer once a window ends, not only at the next failure, which may never come.
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

/** The limited Baileys logger, plus the console capture and flush timer it runs while started. */
export interface DecryptLogLimiter extends BaileysLogger {
  /** Takes libsignal's known console lines and starts the flush timer (unref'd). */
  start(): void;
  /** Gives the console back, stops the timer and reports what is still held back. */
  stop(): void;
}

const DECRYPT_FAILURE = 'failed to decrypt message';

/** libsignal's console lines about the same failures: the message (prefix) → its limiter key. */
const LIBSIGNAL_LINES: readonly { prefix: string; key: string; msg: string }[] = [
  {
    prefix: 'Failed to decrypt message with any known session',
    key: 'libsignal:no-matching-session',
    msg: 'libsignal: failed to decrypt message with any known session',
  },
  { prefix: 'Session error:', key: 'libsignal:session-error', msg: 'libsignal: session error' },
  {
    prefix: 'Decrypted message with closed session',
    key: 'libsignal:closed-session',
    msg: 'libsignal: decrypted message with closed session',
  },
];

interface Window {
  until: number;
  held: number;
  /** What the summary line of held-back failures is logged as. */
  level: 'error' | 'warn';
  msg: string;
  fields: Record<string, unknown>;
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

type ConsoleMethod = (...args: unknown[]) => void;

export function rateLimitDecryptLogs(
  logger: Logger,
  options: { intervalMs?: number; now?: () => number; maxSenders?: number } = {},
): DecryptLogLimiter {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  let timer: NodeJS.Timeout | undefined;
  let restoreConsole: (() => void) | undefined;

  /** Whether a line for `key` may be logged now; else it is counted in the key's window. */
  function admit(key: string, at: number): { suppressed: number } | undefined {
    const window = windows.get(key);
    if (window && at < window.until) {
      window.held += 1;
      return undefined;
    }
    windows.delete(key);
    if (windows.size >= (options.maxSenders ?? 1000)) {
      const oldest = windows.keys().next().value;
      if (oldest !== undefined) windows.delete(oldest);
    }
    return { suppressed: window?.held ?? 0 };
  }

  function open(key: string, at: number, window: Omit<Window, 'until' | 'held'>): void {
    windows.set(key, { ...window, until: at + intervalMs, held: 0 });
  }

  /** Reports the windows that ended with failures held back (all of them with `all`). */
  function flush(all = false): void {
    const at = now();
    for (const [key, window] of windows) {
      if (!all && at < window.until) continue;
      windows.delete(key);
      if (window.held > 0) {
        logger[window.level]({ ...window.fields, suppressed: window.held, intervalMs }, window.msg);
      }
    }
  }

  function fromConsole(args: unknown[]): boolean {
    const first = args[0];
    if (typeof first !== 'string') return false;
    const line = LIBSIGNAL_LINES.find((l) => first.startsWith(l.prefix));
    if (!line) return false;
    const at = now();
    const admitted = admit(line.key, at);
    const fields = { source: 'libsignal' };
    if (admitted) {
      const detail = first.slice(line.prefix.length).replace(/^[:.\s]+/, '');
      const stack = args.find((a): a is string => typeof a === 'string' && a !== first);
      logger.warn(
        { ...fields, ...(detail ? { detail } : {}), ...(stack ? { stack } : {}), ...admitted, intervalMs },
        line.msg,
      );
      open(line.key, at, { level: 'warn', msg: line.msg, fields });
    }
    return true;
  }

  function captureConsole(): () => void {
    const original = { error: console.error, warn: console.warn };
    let active = true;
    const wrap =
      (inner: ConsoleMethod): ConsoleMethod =>
      (...args) => {
        if (active && fromConsole(args)) return;
        inner.apply(console, args);
      };
    const wrapped = { error: wrap(original.error), warn: wrap(original.warn) };
    console.error = wrapped.error;
    console.warn = wrapped.warn;
    return () => {
      active = false;
      // Only our own wrapper is taken off: one installed after it keeps working (ours passes through).
      if (console.error === wrapped.error) console.error = original.error;
      if (console.warn === wrapped.warn) console.warn = original.warn;
    };
  }

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
      const admitted = admit(sender, at);
      if (!admitted) return;
      open(sender, at, { level: 'error', msg, fields: { sender } });
      inner.error({ ...(obj as object), ...admitted, intervalMs }, msg);
    },
  });

  const limited = wrap(logger);
  return Object.assign(limited, {
    start() {
      restoreConsole ??= captureConsole();
      timer ??= setInterval(() => flush(), Math.min(intervalMs, 60_000));
      timer.unref();
    },
    stop() {
      restoreConsole?.();
      restoreConsole = undefined;
      if (timer) clearInterval(timer);
      timer = undefined;
      flush(true);
    },
  });
}
