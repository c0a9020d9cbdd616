import type { WAMessage } from '@whiskeysockets/baileys';
import { type OutboxItem, SendDeferredError, type SendResult } from '../../../store/outbox.js';
import { serializeSent, toMessageContent } from './outgoing.js';
import { closeStatusCode, isConnectionProblem } from '../connection/policy.js';
import type { SocketLike } from '../connection/socket.js';

/**
 * Sends one outbox row on `sock` under the WhatsApp id reserved for it, and tells the outbox what
 * a failure means: deferred (socket gone or closing, connection trouble) or a real failure.
 * `isCurrent` says whether `sock` is still the open socket.
 */
export async function sendOutboxItem(
  sock: SocketLike,
  item: OutboxItem,
  options: { quoted?: WAMessage; isCurrent: () => boolean; onSent: () => void },
): Promise<SendResult> {
  if (!options.isCurrent()) throw new SendDeferredError();
  try {
    const sent = await sock.sendMessage(item.chatId, toMessageContent(item.message), {
      messageId: item.waId,
      ...(options.quoted ? { quoted: options.quoted } : {}),
    });
    options.onSent();
    const stored = serializeSent(sent);
    return stored ? { stored } : {};
  } catch (error) {
    const message = error instanceof Error ? error.message : undefined;
    // The socket went away meanwhile, or is closing (428 "Connection Closed"): keep the row
    // for the next socket.
    if (!options.isCurrent() || closeStatusCode(error) === 428) {
      throw new SendDeferredError(message);
    }
    // 408 / 503 / "Timed Out" on a socket that is still open: a connection problem, not a failure
    // of this message; the outbox retries it later (or on the next open) without counting it.
    if (isConnectionProblem(error)) throw new SendDeferredError(message, { connectionOpen: true });
    throw error;
  }
}
