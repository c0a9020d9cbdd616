import { createHash } from 'node:crypto';
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
}

/**
 * A short, stable pseudonym for a phone number or direct chat so logs can correlate a user's
 * messages without holding the number itself.
 */
export function pseudonym(value: string): string {
  return createHash('sha256').update(`chasqui:${value}`).digest('hex').slice(0, 12);
}

/** Group ids are logged as they are; direct chats (a phone number) only as a pseudonym. */
export function chatLabel(message: IncomingMessage): string {
  return message.isGroup ? message.chatId : `direct:${pseudonym(message.chatId)}`;
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
  extra?: Record<string, unknown>,
): void {
  const record = {
    outcome: result.outcome,
    reason: result.reason,
    command: result.command,
    chat: chatLabel(message),
    sender: pseudonym(sender),
    durationMs: Math.round(durationMs * 1000) / 1000,
    ...extra,
  };
  if (result.outcome === 'ignored') log.debug(record, 'message ignored');
  else log.info(record, `message ${result.outcome}`);
}
