import type { Logger } from 'pino';
import type { SocketLike } from './socket.js';
import type { WhatsAppStatus } from './types.js';

/**
 * Asks WhatsApp for an 8-character pairing code for `phone` (digits with country code) on a socket
 * waiting for pairing, and reports the code, or the failure, as a status before resolving/rejecting.
 * Used for `CHASQUI_PAIR_PHONE` on the first QR and for the console's pairing form.
 */
export async function askPairingCode(
  sock: SocketLike,
  phone: string,
  emit: (status: WhatsAppStatus) => void,
): Promise<string> {
  try {
    const code = await sock.requestPairingCode(phone);
    emit({ kind: 'pairing-code', code, phone });
    return code;
  } catch (error) {
    emit({ kind: 'pairing-code-failed', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/**
 * A QR from WhatsApp: shown, or, with a pairing phone on an unpaired session, replaced by a pairing
 * code asked once per socket (on its first QR; the code stays valid while the socket lives). If the
 * code cannot be had, the QR is the way left.
 */
export function onQr(
  sock: SocketLike,
  qr: string,
  count: number,
  deps: {
    pairPhone: string | undefined;
    paired: boolean;
    emit: (status: WhatsAppStatus) => void;
    log: Logger;
  },
): void {
  const phone = deps.pairPhone?.replace(/\D/g, '');
  if (!phone || deps.paired) {
    deps.emit({ kind: 'qr', qr });
    return;
  }
  if (count !== 1) return;
  askPairingCode(sock, phone, deps.emit).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'pairing code request failed');
    deps.emit({ kind: 'qr', qr }); // after 'pairing-code-failed'
  });
}
