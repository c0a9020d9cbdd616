import type { Logger } from 'pino';
import type { IncomingMessage } from '../transports/transport.js';

/** The named result of handling one message; exactly one is logged per message. */
export type Outcome = 'ignored' | 'unknown' | 'denied' | 'invalid' | 'ok' | 'failed';

/** What `router.handle` resolves to (tests assert on it; the log carries the same fields). */
export interface RouteResult {
  outcome: Outcome;
  /** Why, for ignored/denied/failed: e.g. 'chatter', 'inactive-group', 'admin', 'rate-limited'. */
  reason?: string;
  /** Canonical command name when one was recognised. */
  command?: string;
  /** The template the reply was rendered from, when one was sent by the router itself. */
  template?: string;
  /** The names of the language rules that decided how the message was read (see src/language). */
  because?: readonly string[];
}

/**
 * Maps a phone number or direct-chat id to a keyed pseudonym. The one implementation is
 * `createPseudonymizer` (store/keyed-crypto.ts), keyed with the database secret: stable across
 * restarts and equal to the usage log's; the app passes it to the router.
 */
export type PseudonymFn = (value: string) => string;

/** Group ids are logged as they are; direct chats (a phone number) only as a pseudonym. */
function chatLabel(message: IncomingMessage, hide: PseudonymFn): string {
  return message.isGroup ? message.chatId : `direct:${hide(message.chatId)}`;
}

/**
 * One line per message: outcome, command, chat, sender pseudonym, duration. Never the text,
 * document numbers or names. Ignored chatter goes to debug so a busy group does not flood the log.
 */
export function logOutcome(
  log: Logger,
  message: IncomingMessage,
  sender: string,
  result: RouteResult,
  durationMs: number,
  options: { pseudonym: PseudonymFn; extra?: Record<string, unknown> },
): void {
  const level = result.outcome === 'ignored' ? 'debug' : 'info';
  if (!log.isLevelEnabled(level)) return; // nothing built for a line nobody keeps
  const hide = options.pseudonym;
  const record = {
    outcome: result.outcome,
    reason: result.reason,
    command: result.command,
    because: result.because,
    chat: chatLabel(message, hide),
    sender: hide(sender),
    durationMs: Math.round(durationMs * 1000) / 1000,
    ...options.extra,
  };
  if (level === 'debug') log.debug(record, 'message ignored');
  else log.info(record, `message ${result.outcome}`);
}
